// Amounts the API receives as JSON numbers (SOL, thousandths of SOL, USD) and the chain holds as
// u64 lamports. The conversion is exact, from the number's decimal form: `amount * 1e9` in floating
// point turns 0.07 SOL into 70000000.00000001 lamports and loses whole lamports above 2^53, and
// BigInt(Math.round(6.8e307 * 1e9)) is a 1,000-bit number the program's u64 cannot take.
import { LAMPORTS_PER_AMOUNT_UNIT, LAMPORTS_PER_SOL, LAMPORTS_PER_USD, U64_MAX } from './constants.ts';

export interface AmountUnit {
  /** As the API's messages name it. */
  name: string;
  lamports: number;
}

export const SOL: AmountUnit = { name: 'SOL', lamports: LAMPORTS_PER_SOL };
/** The spec's `amount`: thousandths of SOL. */
export const THOUSANDTHS_OF_SOL: AmountUnit = { name: 'thousandths of SOL', lamports: LAMPORTS_PER_AMOUNT_UNIT };
/** Spec: 1 SOL = 1000 USD. */
export const USD: AmountUnit = { name: 'USD', lamports: LAMPORTS_PER_USD };

/** Why an amount is not a whole number of lamports within u64, as the end of a 400's sentence; undefined when it is. */
export function lamportProblem(amount: number, unit: AmountUnit): string | undefined {
  if (!Number.isFinite(amount)) return `must be a finite number of ${unit.name}`;
  if (amount < 0) return 'must not be negative';
  const lamports = exactLamports(amount, unit.lamports);
  if (lamports === undefined) return `must be a whole number of lamports: at most ${decimalsOf(unit)} decimals in ${unit.name}`;
  if (lamports > U64_MAX) return `must be at most ${formatUnits(U64_MAX, unit)} ${unit.name} (u64::MAX lamports)`;
  return undefined;
}

/** The amount in lamports, exactly; a RangeError with lamportProblem's reason when it is not a u64 of whole lamports. */
export function toLamports(amount: number, unit: AmountUnit): bigint {
  const problem = lamportProblem(amount, unit);
  if (problem) throw new RangeError(`Amount ${amount} ${problem}`);
  return exactLamports(amount, unit.lamports)!;
}

/** The lamports of a finite, non-negative amount when they are whole, else undefined. */
function exactLamports(amount: number, lamportsPerUnit: number): bigint | undefined {
  // String() gives the shortest decimal that reads back as the same number: what the client wrote.
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(amount));
  if (!match) return undefined;
  const [, whole, fraction = '', exponent = '0'] = match;
  const scale = Number(exponent) - fraction.length;
  const scaled = BigInt(whole + fraction) * BigInt(lamportsPerUnit);
  if (scale >= 0) return scaled * 10n ** BigInt(scale);
  const divisor = 10n ** BigInt(-scale);
  return scaled % divisor === 0n ? scaled / divisor : undefined;
}

/**
 * The largest amount of `unit` a JSON number can carry exactly within u64 lamports: u64::MAX
 * lamports in the unit, cut to the decimals a double reads back as written (18446744073.70955 SOL).
 * What /api/openapi.json publishes as the amount's maximum, so every amount up to it is accepted.
 */
export function largestExactAmount(unit: AmountUnit): number {
  const exact = formatUnits(U64_MAX, unit);
  for (let text = exact; ; text = text.slice(0, -1)) {
    if (String(Number(text)) === text && lamportProblem(Number(text), unit) === undefined) return Number(text);
  }
}

/** One lamport in the unit (1e-9 SOL): every amount is a multiple of it. */
export function lamportStep(unit: AmountUnit): number {
  return Number(`1e-${decimalsOf(unit)}`);
}

/** Decimal places one lamport is of the unit (9 for SOL, 6 for thousandths of SOL and USD). */
function decimalsOf(unit: AmountUnit): number {
  return String(unit.lamports).length - 1;
}

/** Lamports in the unit, exactly, without trailing zeros (16844400 lamports: "0.0168444" SOL). */
export function formatUnits(lamports: bigint, unit: AmountUnit): string {
  const per = BigInt(unit.lamports);
  const fraction = (lamports % per).toString().padStart(decimalsOf(unit), '0').replace(/0+$/, '');
  return fraction ? `${lamports / per}.${fraction}` : `${lamports / per}`;
}
