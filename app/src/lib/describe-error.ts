// Why something failed, in words a user can act on: the one place every toast and alert turns an
// error into its reason. The spec's own toast texts stay as written; this is the reason beside them.
// It reads the API's `{ message }` body, the program's custom errors (by the IDL's message), wallet
// rejections, and a balance too small for the transaction (with how much it needs).
import { programErrorMessage } from '@marquee/program-client/errors'
import { LAMPORTS_PER_SOL } from '@/constants'
import { formatSol } from './format'

/** The spec's text for a signature the wallet refused. */
export const USER_REJECTED = 'User rejected the transaction'
export const NETWORK_UNREACHABLE = 'The server could not be reached. Check your connection and try again.'

/** An error thrown by the app's HTTP helper: "{status}: {body}" (spec §8), read without importing it. */
function apiBody(error: Error): { status: number; body: string } | null {
  const match = /^(\d{3}): ([\s\S]*)$/.exec(error.message)
  if (!match || (error.name !== 'ApiError' && !('status' in error))) return null
  return { status: Number(match[1]), body: match[2] }
}

/** The API's own `message` of a JSON error body, or the body's text when it is not JSON. */
function apiMessage(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown }
    if (typeof parsed?.message === 'string' && parsed.message) return describeText(parsed.message)
  } catch {
    // A proxy's HTML or plain text: shown as it is when short, else only the status.
  }
  const text = body.trim()
  if (text && text.length <= 200 && !text.startsWith('<')) return text
  return `The server answered ${status}`
}

/** Every text the error carries: its message, the wallet adapter's inner error, a transaction's logs. */
function textsOf(error: unknown): string[] {
  const texts: string[] = []
  let current: unknown = error
  for (let depth = 0; current && depth < 4; depth++) {
    if (typeof current === 'string') {
      texts.push(current)
      break
    }
    if (typeof current !== 'object') {
      texts.push(String(current))
      break
    }
    const record = current as { message?: unknown; logs?: unknown; transactionLogs?: unknown; error?: unknown; cause?: unknown }
    if (typeof record.message === 'string') texts.push(record.message)
    for (const logs of [record.logs, record.transactionLogs]) {
      if (Array.isArray(logs)) texts.push(logs.filter((line) => typeof line === 'string').join('\n'))
    }
    current = record.error ?? record.cause
  }
  return texts
}

/** The wallet refused to sign: wallet-adapter's errors say "User rejected the request", EIP-1193 code 4001. */
function isRejection(error: unknown, text: string): boolean {
  if (typeof error === 'object' && error !== null) {
    const { code, error: inner } = error as { code?: unknown; error?: { code?: unknown } }
    if (code === 4001 || inner?.code === 4001) return true
  }
  return /user rejected|rejected the request|request was rejected|user denied|declined by the user|approval denied/i.test(text)
}

const lamportsAsSol = (lamports: string) => formatSol(Number(lamports) / LAMPORTS_PER_SOL)

/** A custom program error (hex in the logs, decimal in an InstructionError) by the IDL's message. */
function programError(text: string): string | null {
  const hex = /custom program error: (0x[0-9a-f]+)/i.exec(text)
  const decimal = /"Custom"\s*:\s*(\d+)/.exec(text)
  const code = hex ? Number(hex[1]) : decimal ? Number(decimal[1]) : null
  return code === null ? null : (programErrorMessage(code) ?? `The program refused the transaction (error ${code})`)
}

/** A balance below what the transaction moves, with how much it needs when the logs say it. */
function notEnoughSol(text: string): string | null {
  const transfer = /insufficient lamports (\d+), need (\d+)/i.exec(text)
  if (transfer) return `Not enough SOL: this needs ${lamportsAsSol(transfer[2])} and the wallet has ${lamportsAsSol(transfer[1])}`
  if (/no record of a prior credit|insufficient funds for fee|InsufficientFundsForFee/i.test(text)) {
    return 'Not enough SOL: the wallet cannot pay the transaction fee'
  }
  if (/insufficient funds|insufficient lamports/i.test(text)) return `Not enough SOL: ${text.replace(/^insufficient funds:?\s*/i, '') || 'the wallet cannot pay for this transaction'}`
  return null
}

/** The reason carried by one text (an API message may itself name a program error or a balance). */
function describeText(text: string): string {
  return programError(text) ?? notEnoughSol(text) ?? text
}

/** Why `error` happened, as one sentence for a toast or an alert. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const api = apiBody(error)
    if (api) return apiMessage(api.status, api.body)
    // fetch's own failure: the request never reached the server.
    if (error instanceof TypeError && /failed to fetch|networkerror|load failed/i.test(error.message)) return NETWORK_UNREACHABLE
  }
  const texts = textsOf(error)
  const all = texts.join('\n')
  if (isRejection(error, all)) return USER_REJECTED
  const reason = programError(all) ?? notEnoughSol(all)
  if (reason) return reason
  return texts.find((text) => text.trim()) ?? 'Something went wrong'
}
