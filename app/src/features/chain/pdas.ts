// Program-derived addresses of the Marquee program, seeds as in programs/marquee/src/seeds.rs.
import { PublicKey } from '@solana/web3.js'
import { getAssociatedTokenAddressSync } from './token-addresses'

const seed = (text: string) => new TextEncoder().encode(text)

export const SEEDS = {
  platform: seed('platform'),
  studio: seed('studio'),
  project: seed('project'),
  vault: seed('vault'),
  shareMint: seed('share_mint'),
  investment: seed('investment'),
  embed: seed('embed'),
  eventAuthority: seed('__event_authority'),
} as const

const find = (seeds: Uint8Array[], programId: PublicKey) => PublicKey.findProgramAddressSync(seeds, programId)[0]

/**
 * The seeds an embed id adds to the Embed PDA: its first 32 bytes, then the rest (a seed holds at
 * most 32 bytes; the runtime hashes seeds as one concatenation, so this is the PDA of the whole id).
 */
export function embedIdSeeds(embedId: string): [Uint8Array, Uint8Array] {
  const bytes = seed(embedId)
  return [bytes.subarray(0, 32), bytes.subarray(32)]
}

export function marqueePdas(programId: PublicKey) {
  return {
    platform: () => find([SEEDS.platform], programId),
    eventAuthority: () => find([SEEDS.eventAuthority], programId),
    studio: (authority: PublicKey) => find([SEEDS.studio, authority.toBytes()], programId),
    /** The project's id as a little-endian u64, as the program seeds it. */
    project: (projectId: bigint) => {
      const id = new Uint8Array(8)
      new DataView(id.buffer).setBigUint64(0, projectId, true)
      return find([SEEDS.project, id], programId)
    },
    vault: (project: PublicKey) => find([SEEDS.vault, project.toBytes()], programId),
    shareMint: (project: PublicKey) => find([SEEDS.shareMint, project.toBytes()], programId),
    investment: (project: PublicKey, investor: PublicKey) =>
      find([SEEDS.investment, project.toBytes(), investor.toBytes()], programId),
    embed: (project: PublicKey, publisher: PublicKey, embedId: string) =>
      find([SEEDS.embed, project.toBytes(), publisher.toBytes(), ...embedIdSeeds(embedId)], programId),
    investorShareAccount: (project: PublicKey, investor: PublicKey) =>
      getAssociatedTokenAddressSync(find([SEEDS.shareMint, project.toBytes()], programId), investor),
  }
}
