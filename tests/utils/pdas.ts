// Program-derived addresses of the Marquee program, in one place (seeds as in programs/marquee/src/seeds.rs).
import { PublicKey } from '@solana/web3.js';
import { getAssociatedTokenAddressSync, TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';

const seed = (text: string) => Buffer.from(text, 'utf8');
const u64 = (value: number | bigint) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(BigInt(value));
  return bytes;
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
    embed: (project: PublicKey, embedId: string) => find(seed('embed'), project.toBuffer(), seed(embedId)),
    // Share mints are Token-2022 (NonTransferable): their associated token accounts derive with it.
    shareAccount: (mint: PublicKey, owner: PublicKey) => getAssociatedTokenAddressSync(mint, owner, false, TOKEN_2022_PROGRAM_ID),
  };
}
