import { describe, expect, it } from 'vitest'
import { programErrorCode } from '@marquee/program-client/errors'
import { ApiError } from './api'
import { describeError, NETWORK_UNREACHABLE, USER_REJECTED } from './describe-error'
import { withReason, failureToast } from './failure-toast'

/** The error wallet-adapter throws when the user closes the signing prompt. */
class WalletSignTransactionError extends Error {
  constructor(
    message: string,
    readonly error?: unknown,
  ) {
    super(message)
    this.name = 'WalletSignTransactionError'
  }
}

describe('describeError', () => {
  it("shows the API's own message, never the raw status and JSON", () => {
    const error = new ApiError(400, '400: {"message":"amount: Expected a number above 0"}')
    expect(describeError(error)).toBe('amount: Expected a number above 0')
  })

  it('keeps a short non-JSON body and hides an HTML page behind its status', () => {
    expect(describeError(new ApiError(502, '502: Bad Gateway'))).toBe('Bad Gateway')
    expect(describeError(new ApiError(502, '502: <html><body>nginx</body></html>'))).toBe('The server answered 502')
  })

  it("names a program error by the IDL's message, from the logs or an InstructionError", () => {
    const code = programErrorCode('InvestmentBelowMinimum')!
    const hex = `Simulation failed. Message: Transaction simulation failed: Error processing Instruction 1: custom program error: 0x${code.toString(16)}`
    expect(describeError(new Error(hex))).toBe('The investment is below the minimum')
    expect(describeError(new Error(`failed ({"err":{"InstructionError":[1,{"Custom":${programErrorCode('DeadlinePassed')}}]}})`))).toBe(
      'The funding deadline has passed',
    )
  })

  it('reads a program error the demo server passes on as its message', () => {
    const code = programErrorCode('InvestmentExceedsGoal')!
    const error = new ApiError(400, `400: {"message":"custom program error: 0x${code.toString(16)}"}`)
    expect(describeError(error)).toBe('The investment exceeds what is left to the funding goal')
  })

  it("says 'User rejected the transaction' for a refused signature", () => {
    expect(describeError(new WalletSignTransactionError('User rejected the request.'))).toBe(USER_REJECTED)
    expect(describeError(new WalletSignTransactionError('', { code: 4001, message: 'cancelled' }))).toBe(USER_REJECTED)
  })

  it('says how much SOL a transfer needs when the wallet has too little', () => {
    const error = Object.assign(new Error('Simulation failed'), {
      logs: ['Program 11111111111111111111111111111111 invoke [2]', 'Transfer: insufficient lamports 10000000, need 50000000'],
    })
    expect(describeError(error)).toBe('Not enough SOL: this needs 0.05 SOL and the wallet has 0.01 SOL')
    const demo = new ApiError(400, '400: {"message":"Insufficient funds: this needs 20 SOL and the demo wallet has 15.75 SOL"}')
    expect(describeError(demo)).toBe('Not enough SOL: this needs 20 SOL and the demo wallet has 15.75 SOL')
    expect(describeError(new Error('Attempt to debit an account but found no record of a prior credit.'))).toBe(
      'Not enough SOL: the wallet cannot pay the transaction fee',
    )
  })

  it('explains an unreachable server and falls back to the message', () => {
    expect(describeError(new TypeError('Failed to fetch'))).toBe(NETWORK_UNREACHABLE)
    expect(describeError(new Error('Something specific'))).toBe('Something specific')
    expect(describeError('plain text')).toBe('plain text')
  })
})

describe('withReason', () => {
  it("keeps the spec's text and adds the reason beside it", () => {
    const toast = withReason(failureToast('Investment failed', 'There was an error processing your investment. Please try again.'), new WalletSignTransactionError('User rejected the request.'))
    expect(toast).toEqual({
      title: 'Investment failed',
      description: 'There was an error processing your investment. Please try again. Reason: User rejected the transaction',
      variant: 'destructive',
    })
  })
})
