// Program-derived addresses of the Marquee program, in one place (seeds as in programs/marquee/src/seeds.rs).
import { PublicKey } from '@solana/web3.js';
import { getAssociatedTokenAddressSync, TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';

export const BPF_LOADER_UPGRADEABLE_PROGRAM_ID = new PublicKey('BPFLoaderUpgradeab1e11111111111111111111111');

const seed = (text: string) => Buffer.from(text, 'utf8');
const u64 = (value: number | bigint) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(BigInt(value));
  return bytes;
};

/** The BPF upgradeable loader's ProgramData account of `programId` (it records the upgrade authority). */
export const programDataAddress = (programId: PublicKey) =>
  PublicKey.findProgramAddressSync([programId.toBuffer()], BPF_LOADER_UPGRADEABLE_PROGRAM_ID)[0];

/**
 * The seeds an embed id adds to the Embed PDA: its first 32 bytes, then the rest (a seed holds at
 * most 32 bytes; the runtime hashes seeds as one concatenation, so this is the PDA of the whole id).
 */
export const embedIdSeeds = (embedId: string): [Buffer, Buffer] => {
  const bytes = Buffer.from(embedId, 'utf8');
  return [bytes.subarray(0, 32), bytes.subarray(32)];
};

export function pdas(programId: PublicKey) {
  const find = (...seeds: Buffer[]) => PublicKey.findProgramAddressSync(seeds, programId)[0];
  return {
    platform: () => find(seed('platform')),
    eventAuthority: () => find(seed('__event_authority')),
    studio: (authority: PublicKey) => find(seed('studio'), authority.toBuffer()),
    project: (id: number | bigint) => find(seed('project'), u64(id)),
    shareMint: (project: PublicKey) => find(seed('share_mint'), project.toBuffer()),
    vault: (project: PublicKey) => find(seed('vault'), project.toBuffer()),
    investment: (project: PublicKey, investor: PublicKey) =>
      find(seed('investment'), project.toBuffer(), investor.toBuffer()),
    distribution: (project: PublicKey, index: number | bigint) => find(seed('distribution'), project.toBuffer(), u64(index)),
    embed: (project: PublicKey, publisher: PublicKey, embedId: string) =>
      find(seed('embed'), project.toBuffer(), publisher.toBuffer(), ...embedIdSeeds(embedId)),
    campaign: (advertiser: PublicKey, campaignId: number | bigint) => find(seed('campaign'), advertiser.toBuffer(), u64(campaignId)),
    programData: () => programDataAddress(programId),
    // Share mints are Token-2022 (NonTransferable): their associated token accounts derive with it.
    shareAccount: (mint: PublicKey, owner: PublicKey) => getAssociatedTokenAddressSync(mint, owner, false, TOKEN_2022_PROGRAM_ID),
  };
}
