// Films on the real validator for the Auto-List suites: a studio lists them and one investor funds
// those that should be funded, over JSON-RPC with the program client's instructions.
import anchor from '@coral-xyz/anchor';
import {
  createProjectInstruction,
  decodeAccount,
  filmGenreMask,
  investmentInstructions,
  marqueePdas,
  packInstructions,
  PLATFORM_RULES,
  registerStudioInstruction,
} from '@marquee/program-client';
import { fundedWallets, type Cluster } from './cluster.ts';

const { PublicKey, Transaction, sendAndConfirmTransaction } = anchor.web3;
type Keypair = anchor.web3.Keypair;
type TransactionInstruction = anchor.web3.TransactionInstruction;

const pdas = marqueePdas();
/** A goal one minimum investment reaches, so one invest funds the film. */
export const GOAL_LAMPORTS = PLATFORM_RULES.minInvestmentLamports;

/** A film listed on the validator: its number, its project account and its title. */
export interface ListedFilm {
  id: number;
  address: string;
  title: string;
}

/**
 * Sends `instructions` signed by `signer` in as few transactions as fit: one after the other when
 * their order matters (project ids are sequential), else all at once.
 */
async function sendPacked(cluster: Cluster, instructions: TransactionInstruction[], signer: Keypair, perTransaction: number, order: 'in turn' | 'at once') {
  const send = (batch: TransactionInstruction[]) => sendAndConfirmTransaction(cluster.connection, new Transaction().add(...batch), [signer]);
  const batches = packInstructions(instructions, signer.publicKey, perTransaction);
  if (order === 'at once') await Promise.all(batches.map(send));
  else for (const batch of batches) await send(batch);
}

/** A new studio lists `count` films of GOAL_LAMPORTS at the platform's next ids; the first `fundedCount` are then funded. */
export async function listFilms(cluster: Cluster, count: number, fundedCount: number): Promise<ListedFilm[]> {
  const [studio, investor] = await fundedWallets(cluster, 2, 5);
  const platform = decodeAccount('Platform', (await cluster.connection.getAccountInfo(pdas.platform()))!.data);
  const firstId = Number(platform.project_count.toString());
  const deadline = BigInt(Math.floor(Date.now() / 1000) + 7 * 24 * 3600);
  const films = Array.from({ length: count }, (_, index) => {
    const id = firstId + index;
    return { id, address: pdas.project(BigInt(id)).toBase58(), title: `Auto-Listed Film ${id}` };
  });
  const listings = films.map((film) =>
    createProjectInstruction({
      authority: studio.publicKey,
      projectId: BigInt(film.id),
      title: film.title,
      metadataUri: `https://marquee.example/metadata/auto-list-${film.id}`,
      metadataHash: new Uint8Array(32).fill((film.id % 250) + 1),
      fundingGoalLamports: GOAL_LAMPORTS,
      deadline,
      genreMask: filmGenreMask(['Drama']),
    }),
  );
  await sendPacked(cluster, [registerStudioInstruction({ authority: studio.publicKey, name: 'Auto-List Pictures' }), ...listings], studio, 4, 'in turn');
  const investments = films
    .slice(0, fundedCount)
    .flatMap((film) => investmentInstructions({ investor: investor.publicKey, project: new PublicKey(film.address), amountLamports: GOAL_LAMPORTS }));
  await sendPacked(cluster, investments, investor, 8, 'at once');
  return films;
}
