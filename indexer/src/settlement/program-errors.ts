// Which settlement failures are permanent: a refusal of the program itself (a custom program error
// such as CampaignSettlementClosed or CampaignBudgetExceeded) will be refused again on every retry,
// so its batch ends `failed` rather than blocking the film forever. Anything else — an RPC that did
// not answer, a blockhash that expired, an index not read yet — is tried again on the next pass, as
// is a program error that only says "not yet" (a daily spend cap: the next day it passes).
import { MARQUEE_IDL } from '@marquee/program-client';

/** Program errors that clear with time: the batch waits instead of failing. */
const WAITING_PROGRAM_ERRORS = new Set(['CampaignDailyCapExceeded']);

const programErrors = (MARQUEE_IDL.errors ?? []).map((error) => ({ code: error.code, name: error.name, msg: error.msg ?? error.name }));

/** The program error a settlement failure names ("Name: message"), when it is a permanent one; null otherwise. */
export function permanentProgramError(error: unknown): string | null {
  const text = error instanceof Error ? `${error.message} ${(error as { logs?: string[] }).logs?.join(' ') ?? ''}` : String(error);
  const hex = /custom program error: 0x([0-9a-f]+)/i.exec(text);
  const decimal = /"Custom":\s*(\d+)/.exec(text);
  const code = hex ? parseInt(hex[1], 16) : decimal ? Number(decimal[1]) : null;
  const known = code !== null ? programErrors.find((candidate) => candidate.code === code) : programErrors.find((candidate) => text.includes(candidate.msg));
  if (!known || WAITING_PROGRAM_ERRORS.has(known.name)) return null;
  return `${known.name}: ${known.msg}`;
}
