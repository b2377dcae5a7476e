// Associated token address of a share mint for an owner (the one function of @solana/spl-token the
// app needs), with the token programs the IDL names.
import { PublicKey } from '@solana/web3.js'
import { ASSOCIATED_TOKEN_PROGRAM_ID, SHARE_TOKEN_PROGRAM_ID } from './idl'

export function getAssociatedTokenAddressSync(mint: PublicKey, owner: PublicKey): PublicKey {
  return PublicKey.findProgramAddressSync(
    [owner.toBytes(), SHARE_TOKEN_PROGRAM_ID.toBytes(), mint.toBytes()],
    ASSOCIATED_TOKEN_PROGRAM_ID,
  )[0]
}
