// A regular expression for "base58 text of exactly N bytes" (a Solana address: 32, a transaction
// signature: 64) that /api/openapi.json can publish, so a client or a fuzzer reading the document
// knows what the API takes.
//
// Exactly N bytes is not something a short regular expression can say (the decoded length depends
// on the numeric value of the text), so the pattern says a little less: every text it matches
// decodes to N bytes (never a schema-valid value the API refuses), and it matches every N-byte value
// with at most one leading zero byte whose base58 digits do not start with a bound's first
// PREFIX_DIGITS digits: all random keys and signatures but about 1 in 65,536 (two leading zero
// bytes) and a far smaller share next to the bounds. The validators check the decoded length
// itself, so the rare value outside the pattern is still accepted.
//
// Base58 (Bitcoin alphabet): each leading zero byte is a leading '1'; the rest is the big-endian
// number in base 58 without leading zeros. A text of k leading '1's and then a numeral t decodes to
// k + bytes(t) bytes, so for N bytes t lies in [256^(N-k-1), 256^(N-k)).

export const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const ANY_DIGIT = '[1-9A-HJ-NP-Za-km-z]';
/** Digits of a bound compared exactly: a text sharing all of them with a bound is left out. */
export const PREFIX_DIGITS = 4;

function toBase58(value: bigint): string {
  let text = '';
  for (let rest = value; rest > 0n; rest /= 58n) text = BASE58_ALPHABET[Number(rest % 58n)] + text;
  return text;
}

/** A character class of the digits strictly between two alphabet indexes (exclusive); null when none. */
function digitsBetween(above: number, below: number): string | null {
  const digits = BASE58_ALPHABET.slice(above + 1, below);
  return digits.length === 0 ? null : `[${asRanges(digits)}]`;
}

/** `123456789ABC` → `1-9A-C`: runs of consecutive characters written as ranges. */
function asRanges(digits: string): string {
  let text = '';
  for (let start = 0; start < digits.length; ) {
    let end = start;
    while (end + 1 < digits.length && digits.charCodeAt(end + 1) === digits.charCodeAt(end) + 1) end++;
    text += end - start >= 2 ? `${digits[start]}-${digits[end]}` : digits.slice(start, end + 1);
    start = end + 1;
  }
  return text;
}

function anyDigits(count: number): string {
  return count === 0 ? '' : `${ANY_DIGIT}{${count}}`;
}

/**
 * Numerals of `bound.length` digits (no leading '1') above `bound` (`direction` 1) or below it (-1),
 * told apart within their first PREFIX_DIGITS digits.
 */
function beyondBound(bound: string, direction: 1 | -1): string[] {
  const alternatives: string[] = [];
  for (let position = 0; position < Math.min(PREFIX_DIGITS, bound.length); position++) {
    const index = BASE58_ALPHABET.indexOf(bound[position]);
    // A numeral's first digit is never '1' (index 0): that would be a zero byte.
    const lowest = position === 0 ? 0 : -1;
    const digits = direction === 1 ? digitsBetween(index, BASE58_ALPHABET.length) : digitsBetween(lowest, index);
    if (digits) alternatives.push(bound.slice(0, position) + digits + anyDigits(bound.length - position - 1));
  }
  return alternatives;
}

/** The lowest and highest numerals of exactly `bytes` bytes: 256^(bytes-1) and 256^bytes - 1. */
export function numeralBounds(bytes: number): [lowest: string, highest: string] {
  return [toBase58(256n ** BigInt(bytes - 1)), toBase58(256n ** BigInt(bytes) - 1n)];
}

/** Numerals whose value is in [256^(bytes-1), 256^bytes): exactly `bytes` bytes once decoded. */
function numeralsOfBytes(bytes: number): string[] {
  const [lowest, highest] = numeralBounds(bytes);
  const alternatives = [...beyondBound(lowest, 1), ...beyondBound(highest, -1)];
  for (let length = lowest.length + 1; length < highest.length; length++) alternatives.push(`[2-9A-HJ-NP-Za-km-z]${anyDigits(length - 1)}`);
  return alternatives;
}

/** The pattern of base58 text of `bytes` bytes (see the top of this file for what it leaves out). */
export function base58Pattern(bytes: number): string {
  const alternatives = [...numeralsOfBytes(bytes), ...numeralsOfBytes(bytes - 1).map((numeral) => `1${numeral}`)];
  return `^(?:${alternatives.join('|')})$`;
}
