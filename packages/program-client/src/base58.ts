// Base58 (Bitcoin alphabet, what Solana uses for keys, signatures and RPC instruction data).
// anchor's bs58 (base-x) converts one digit at a time across every byte: about 230 µs for an event
// instruction's 260 digits, more than the rest of ingesting the event. Here the number is held in
// 24-bit limbs and fed four digits at a time (58^4 < 2^24, so a limb times it plus a carry stays
// below 2^53, exact in a double): about a twentieth of the operations. Same results as bs58,
// which the tests check on random and edge-case inputs.

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const LIMB = 2 ** 24;
/** Digits fed per step, and 58 to that power. */
const DIGITS_PER_STEP = 4;
const POWERS = [1, 58, 58 ** 2, 58 ** 3, 58 ** 4];
const DIGIT_OF = new Int8Array(128).fill(-1);
for (let index = 0; index < ALPHABET.length; index++) DIGIT_OF[ALPHABET.charCodeAt(index)] = index;

/** Bytes per base58 digit: log(58) / log(256). */
const BYTES_PER_DIGIT = Math.log(58) / Math.log(256);

/** The bytes a base58 text stands for; throws on a character outside the alphabet. */
export function decodeBase58(text: string): Uint8Array {
  let zeros = 0;
  while (zeros < text.length && text.charCodeAt(zeros) === 49 /* '1' */) zeros++;
  // Little-endian limbs of the number the digits after the leading '1's spell.
  const limbs = new Float64Array(Math.ceil(((text.length - zeros) * BYTES_PER_DIGIT) / 3) + 1);
  let used = 0;
  for (let position = zeros; position < text.length; position += DIGITS_PER_STEP) {
    const digits = Math.min(DIGITS_PER_STEP, text.length - position);
    let carry = 0;
    for (let offset = 0; offset < digits; offset++) {
      const code = text.charCodeAt(position + offset);
      const digit = code < 128 ? DIGIT_OF[code] : -1;
      if (digit < 0) throw new Error(`not base58: ${JSON.stringify(text[position + offset])} at ${position + offset}`);
      carry = carry * 58 + digit;
    }
    const multiplier = POWERS[digits];
    for (let index = 0; index < used; index++) {
      const value = limbs[index] * multiplier + carry;
      carry = Math.floor(value / LIMB);
      limbs[index] = value - carry * LIMB;
    }
    while (carry > 0) {
      const next = Math.floor(carry / LIMB);
      limbs[used++] = carry - next * LIMB;
      carry = next;
    }
  }
  // Big-endian bytes of the limbs, without the number's leading zero bytes.
  const top = used > 0 ? limbs[used - 1] : 0;
  const topBytes = top >= 0x10000 ? 3 : top >= 0x100 ? 2 : top > 0 ? 1 : 0;
  const out = new Uint8Array(zeros + (used > 0 ? (used - 1) * 3 + topBytes : 0));
  let at = out.length;
  for (let index = 0; index < used; index++) {
    const limb = limbs[index];
    const bytes = index === used - 1 ? topBytes : 3;
    for (let byte = 0; byte < bytes; byte++) out[--at] = (limb >>> (8 * byte)) & 0xff;
  }
  return out;
}

/** The base58 text of `bytes`. */
export function encodeBase58(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  // Little-endian limbs of 58^4 each (four digits), fed one byte at a time.
  const base = POWERS[DIGITS_PER_STEP];
  const limbs: number[] = [];
  for (let position = zeros; position < bytes.length; position++) {
    let carry = bytes[position];
    for (let index = 0; index < limbs.length; index++) {
      const value = limbs[index] * 256 + carry;
      carry = Math.floor(value / base);
      limbs[index] = value - carry * base;
    }
    while (carry > 0) {
      const next = Math.floor(carry / base);
      limbs.push(carry - next * base);
      carry = next;
    }
  }
  let text = '';
  for (let index = 0; index < limbs.length; index++) {
    let limb = limbs[index];
    // Every limb but the most significant is four digits, zeros included.
    for (let digit = 0; digit < DIGITS_PER_STEP && (limb > 0 || index < limbs.length - 1); digit++) {
      text = ALPHABET[limb % 58] + text;
      limb = Math.floor(limb / 58);
    }
  }
  return '1'.repeat(zeros) + text;
}
