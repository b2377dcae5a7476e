// create_project, update_project_metadata and claim_license: a studio's film, from listing to the
// raised SOL.
import type { PublicKey, TransactionInstruction } from '@solana/web3.js';
import { marqueePdas } from '../pdas.ts';
import { bn, buildInstruction, type ProgramOption } from './build.ts';

export interface CreateProjectArgs {
  title: string;
  metadataUri: string;
  /** sha256 of the metadata document. */
  metadataHash: Uint8Array | number[];
  fundingGoalLamports: bigint;
  /** Unix seconds. */
  deadline: bigint;
  /** The film's genres as a bitmask over AD_GENRES (`filmGenreMask`): what campaigns' target genres are checked against. */
  genreMask: bigint;
}

/** create_project as project number `projectId` (the platform's project count). */
export function createProjectInstruction({
  authority,
  projectId,
  programId,
  ...args
}: { authority: PublicKey; projectId: bigint } & CreateProjectArgs & ProgramOption): TransactionInstruction {
  const pdas = marqueePdas(programId);
  const project = pdas.project(projectId);
  return buildInstruction(
    'create_project',
    {
      args: {
        title: args.title,
        metadata_uri: args.metadataUri,
        metadata_hash: [...args.metadataHash],
        funding_goal_lamports: bn(args.fundingGoalLamports),
        deadline: bn(args.deadline),
        genre_mask: bn(args.genreMask),
      },
    },
    { authority, studio: pdas.studio(authority), project, share_mint: pdas.shareMint(project), vault: pdas.vault(project) },
    { programId },
  );
}

/** update_project_metadata: the studio points its film to a new document. */
export function updateProjectMetadataInstruction({
  authority,
  project,
  metadataUri,
  metadataHash,
  programId,
}: { authority: PublicKey; project: PublicKey; metadataUri: string; metadataHash: Uint8Array | number[] } & ProgramOption): TransactionInstruction {
  return buildInstruction('update_project_metadata', { metadata_uri: metadataUri, metadata_hash: [...metadataHash] }, { authority, project }, { programId });
}

/** claim_license: the studio takes the raised SOL of its funded project. */
export function claimLicenseInstruction({ authority, project, programId }: { authority: PublicKey; project: PublicKey } & ProgramOption): TransactionInstruction {
  return buildInstruction('claim_license', {}, { authority, project, vault: marqueePdas(programId).vault(project) }, { programId });
}
