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
  campaign: seed('campaign'),
  eventAuthority: seed('__event_authority'),
} as const

/** The program seeds ids as little-endian u64s. */
function u64LittleEndian(value: bigint): Uint8Array {
  const bytes = new Uint8Array(8)
  new DataView(bytes.buffer).setBigUint64(0, value, true)
  return bytes
}

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
    project: (projectId: bigint) => find([SEEDS.project, u64LittleEndian(projectId)], programId),
    /** An advertiser's campaign number `campaignId` (a little-endian u64 seed, as the program's). */
    campaign: (advertiser: PublicKey, campaignId: bigint) => find([SEEDS.campaign, advertiser.toBytes(), u64LittleEndian(campaignId)], programId),
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
