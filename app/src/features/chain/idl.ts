// The Marquee program's Anchor IDL (checked in at programs/marquee/idl/marquee.json) and the program
// ids the client needs, read from it so that the app follows the program (e.g. its token program).
import type { Idl } from '@coral-xyz/anchor'
import { PublicKey } from '@solana/web3.js'
import idlJson from '../../../../programs/marquee/idl/marquee.json'

export const MARQUEE_IDL = idlJson as Idl
export const MARQUEE_PROGRAM_ID = new PublicKey(MARQUEE_IDL.address)

function fixedAccountOfInvest(name: string): PublicKey {
  const account = MARQUEE_IDL.instructions
    .find((instruction) => instruction.name === 'invest')
    ?.accounts.find((candidate) => candidate.name === name)
  if (!account || !('address' in account) || !account.address) throw new Error(`The IDL's invest has no fixed ${name}`)
  return new PublicKey(account.address)
}

/** The token program of the share mints (Token-2022 for non-transferable shares). */
export const SHARE_TOKEN_PROGRAM_ID = fixedAccountOfInvest('token_program')
/** The Associated Token program: the program under which the IDL derives invest's share account. */
export const ASSOCIATED_TOKEN_PROGRAM_ID = (() => {
  const account = MARQUEE_IDL.instructions
    .find((instruction) => instruction.name === 'invest')
    ?.accounts.find((candidate) => candidate.name === 'investor_share_account')
  const program = account && 'pda' in account ? account.pda?.program : undefined
  if (!program || program.kind !== 'const') throw new Error("The IDL derives invest's investor_share_account under no program")
  return new PublicKey(Uint8Array.from(program.value))
})()
