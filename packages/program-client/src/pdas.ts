// Every program-derived address of the Marquee program, in one place: the seeds as in
// programs/marquee/src/seeds.rs, each derivation taking the program id (the IDL's by default), and
// the associated share account the IDL derives under the Associated Token program.
import { PublicKey } from '@solana/web3.js';
import { ASSOCIATED_TOKEN_PROGRAM_ID, MARQUEE_PROGRAM_ID, SHARE_TOKEN_PROGRAM_ID, UPGRADEABLE_LOADER_ID } from './idl.ts';

const seed = (text: string) => new TextEncoder().encode(text);

/** The program's seed prefixes (seeds.rs). */
export const SEEDS = {
  platform: seed('platform'),
  studio: seed('studio'),
  project: seed('project'),
  vault: seed('vault'),
  shareMint: seed('share_mint'),
  investment: seed('investment'),
  distribution: seed('distribution'),
  embed: seed('embed'),
  campaign: seed('campaign'),
  eventAuthority: seed('__event_authority'),
} as const;

/** Ids and indexes are seeded as little-endian u64s. */
function u64LittleEndian(value: number | bigint): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(value), true);
  return bytes;
}

const find = (seeds: Uint8Array[], programId: PublicKey) => PublicKey.findProgramAddressSync(seeds, programId)[0];

/**
 * The seeds an embed id adds to the Embed PDA: its first 32 bytes, then the rest (a seed holds at
 * most 32 bytes; the runtime hashes seeds as one concatenation, so this is the PDA of the whole id).
 */
export function embedIdSeeds(embedId: string): [Uint8Array, Uint8Array] {
  const bytes = seed(embedId);
  return [bytes.subarray(0, 32), bytes.subarray(32)];
}

/** The PDAs of the program at `programId`. */
export function marqueePdas(programId: PublicKey = MARQUEE_PROGRAM_ID) {
  const pdas = {
    platform: () => find([SEEDS.platform], programId),
    eventAuthority: () => find([SEEDS.eventAuthority], programId),
    studio: (authority: PublicKey) => find([SEEDS.studio, authority.toBytes()], programId),
    project: (projectId: number | bigint) => find([SEEDS.project, u64LittleEndian(projectId)], programId),
    shareMint: (project: PublicKey) => find([SEEDS.shareMint, project.toBytes()], programId),
    vault: (project: PublicKey) => find([SEEDS.vault, project.toBytes()], programId),
    investment: (project: PublicKey, investor: PublicKey) => find([SEEDS.investment, project.toBytes(), investor.toBytes()], programId),
    distribution: (project: PublicKey, index: number | bigint) => find([SEEDS.distribution, project.toBytes(), u64LittleEndian(index)], programId),
    /** An advertiser's campaign number `campaignId`. */
    campaign: (advertiser: PublicKey, campaignId: number | bigint) => find([SEEDS.campaign, advertiser.toBytes(), u64LittleEndian(campaignId)], programId),
    embed: (project: PublicKey, publisher: PublicKey, embedId: string) =>
      find([SEEDS.embed, project.toBytes(), publisher.toBytes(), ...embedIdSeeds(embedId)], programId),
    /** The upgradeable loader's ProgramData account of the program: it names the upgrade authority. */
    programData: () => find([programId.toBytes()], UPGRADEABLE_LOADER_ID),
    /** An owner's associated Token-2022 account of a share mint. */
    shareAccount: (shareMint: PublicKey, owner: PublicKey) =>
      find([owner.toBytes(), SHARE_TOKEN_PROGRAM_ID.toBytes(), shareMint.toBytes()], ASSOCIATED_TOKEN_PROGRAM_ID),
    /** The investor's share account of a project (invest's investor_share_account). */
    investorShareAccount: (project: PublicKey, investor: PublicKey) => pdas.shareAccount(pdas.shareMint(project), investor),
  };
  return pdas;
}

export type MarqueePdas = ReturnType<typeof marqueePdas>;

/** The PDAs of the program at the IDL's address. */
export const pda = marqueePdas();
