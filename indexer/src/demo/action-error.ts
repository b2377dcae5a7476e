// A demo action's refusal: a client mistake (a 4xx `{ message }`), and the amounts an action takes
// checked before anything is sent.
import { lamportProblem, toLamports, type AmountUnit } from '../lamports.ts';

/** A client mistake in a demo action: becomes a 4xx `{ message }`. */
export class DemoActionError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

/** An amount as the chain's u64 lamports; one it cannot hold is the caller's mistake (the routes' schemas refuse it first). */
export function lamportsOf(amount: number, unit: AmountUnit): bigint {
  const problem = lamportProblem(amount, unit);
  if (problem) throw new DemoActionError(400, `Invalid amount: ${problem}`);
  return toLamports(amount, unit);
}
