// Deterministic pseudo-random numbers for the program suites (mulberry32): the fuzz and the scenario
// suite draw from one generator, so a failing run replays exactly from its seed.

export interface SeededRandom {
  /** A number in [0, 1). */
  next(): number;
  /** A whole number in [0, below). */
  below(below: number): number;
  /** A whole number in [low, high], both included. */
  between(low: number, high: number): number;
  /** Lamports in [low, high], both included. */
  lamports(low: bigint, high: bigint): bigint;
  pick<T>(items: readonly T[]): T;
  bytes(length: number): Buffer;
}

export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 2 ** 32;
  };
  const below = (limit: number) => Math.floor(next() * limit);
  return {
    next,
    below,
    between: (low, high) => low + below(high - low + 1),
    lamports: (low, high) => low + BigInt(below(Number(high - low + 1n))),
    pick: (items) => items[below(items.length)],
    bytes: (length) => Buffer.from(Array.from({ length }, () => below(256))),
  };
}
