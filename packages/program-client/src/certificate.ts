// The licence certificate ("Mint NFT" of the Production Portal): a Token-2022 mint of supply 1 with
// the metadata pointer and token-metadata extensions (name, symbol, URI, and the film's project
// account as an extra field), minted to the studio and then closed to further minting. One builder
// for both signers: the connected wallet on devnet (AnchorClient) and the demo chain.
import {
  AuthorityType,
  ExtensionType,
  LENGTH_SIZE,
  TOKEN_2022_PROGRAM_ID,
  TYPE_SIZE,
  createAssociatedTokenAccountIdempotentInstruction,
  createInitializeMetadataPointerInstruction,
  createInitializeMintInstruction,
  createMintToInstruction,
  createSetAuthorityInstruction,
  getAssociatedTokenAddressSync,
  getMintLen,
} from '@solana/spl-token';
import { createInitializeInstruction, createUpdateFieldInstruction, pack, type TokenMetadata } from '@solana/spl-token-metadata';
import { SystemProgram, type PublicKey, type TransactionInstruction } from '@solana/web3.js';

/** Token-metadata symbol of every certificate. */
export const CERTIFICATE_SYMBOL = 'MRQL';
/** The extra metadata field naming the film's project account. */
export const CERTIFICATE_PROJECT_FIELD = 'project';
/** Token-metadata names are free text; the title is cut to keep the account small. */
const MAX_NAME_CHARS = 32;

export interface CertificateInput {
  /** The studio's wallet: pays, holds the certificate, and is its update authority. */
  studio: PublicKey;
  /** The new mint's address (a fresh keypair that signs the transaction too). */
  mint: PublicKey;
  project: { address: string; title: string; metadataUri?: string | null };
}

export function certificateMetadata(input: CertificateInput): TokenMetadata {
  return {
    updateAuthority: input.studio,
    mint: input.mint,
    name: `${input.project.title.slice(0, MAX_NAME_CHARS)} Licence`,
    symbol: CERTIFICATE_SYMBOL,
    uri: input.project.metadataUri ?? '',
    additionalMetadata: [[CERTIFICATE_PROJECT_FIELD, input.project.address]],
  };
}

/** The account space the mint needs before (`mintSpace`) and after its metadata is written (`rentSpace`). */
export function certificateSpace(metadata: TokenMetadata): { mintSpace: number; rentSpace: number } {
  const mintSpace = getMintLen([ExtensionType.MetadataPointer]);
  return { mintSpace, rentSpace: mintSpace + TYPE_SIZE + LENGTH_SIZE + pack(metadata).length };
}

/**
 * The instructions of one certificate, given the rent-exempt balance for `rentSpace` bytes: create
 * the mint account, point its metadata at itself, initialise it (0 decimals, the studio as mint
 * authority), write the metadata and the project field, mint 1 to the studio's associated account,
 * then remove the mint authority so the supply stays 1.
 */
export function certificateInstructions(input: CertificateInput, rentLamports: number): TransactionInstruction[] {
  const metadata = certificateMetadata(input);
  const { mintSpace } = certificateSpace(metadata);
  const programId = TOKEN_2022_PROGRAM_ID;
  const holder = getAssociatedTokenAddressSync(input.mint, input.studio, false, programId);
  return [
    SystemProgram.createAccount({ fromPubkey: input.studio, newAccountPubkey: input.mint, space: mintSpace, lamports: rentLamports, programId }),
    createInitializeMetadataPointerInstruction(input.mint, input.studio, input.mint, programId),
    createInitializeMintInstruction(input.mint, 0, input.studio, null, programId),
    createInitializeInstruction({
      programId,
      metadata: input.mint,
      updateAuthority: input.studio,
      mint: input.mint,
      mintAuthority: input.studio,
      name: metadata.name,
      symbol: metadata.symbol,
      uri: metadata.uri,
    }),
    createUpdateFieldInstruction({
      programId,
      metadata: input.mint,
      updateAuthority: input.studio,
      field: CERTIFICATE_PROJECT_FIELD,
      value: input.project.address,
    }),
    createAssociatedTokenAccountIdempotentInstruction(input.studio, holder, input.studio, input.mint, programId),
    createMintToInstruction(input.mint, holder, input.studio, 1, [], programId),
    createSetAuthorityInstruction(input.mint, input.studio, AuthorityType.MintTokens, null, [], programId),
  ];
}

