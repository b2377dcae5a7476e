// On-Chain Auto-List against a real validator: the publisher's register_embed transactions exactly
// as the app builds them (autoListTransactions of @marquee/program-client, what AnchorClient's
// registerEmbeds hands the wallet), signed and sent over JSON-RPC. The app's unit tests stop at the
// wallet's send; this proves the other side: the validator confirms each packed transaction, every
// embed account exists with its film, publisher and website, the indexer's RpcSource reads the
// EmbedRegistered events back from the validator's records, no transaction exceeds a packet, and a
// film register_embed refuses comes back with the program's named error.
//
// Run by scripts/test-validator.sh through tests/validator/all.ts, on the validator of cluster.ts.
import anchor from '@coral-xyz/anchor';
import assert from 'node:assert/strict';
import { before, describe, test, type TestContext } from 'node:test';
import {
  AUTO_LIST_EMBEDS_PER_TRANSACTION,
  autoListTransactions,
  decodeAccount,
  decodeTransactionEvents,
  MARQUEE_IDL,
  MAX_WEBSITE_URL_LEN,
  marqueePdas,
  transactionSize,
  type AutoListFilm,
  type AutoListRegistration,
} from '@marquee/program-client';
import { RpcSource } from '../../indexer/src/index.ts';
import { deployedCluster, fundedWallets, type DeployedCluster } from './cluster.ts';
import { listFilms } from './films.ts';

const { PACKET_DATA_SIZE, PublicKey, Transaction, sendAndConfirmTransaction } = anchor.web3;
type Keypair = anchor.web3.Keypair;

const pdas = marqueePdas();
const WEBSITE = 'https://films.example';
/** The program's longest website address: its register_embed instructions fill a packet in fewer than six. */
const LONG_WEBSITE = `https://films.example/${'a'.repeat(MAX_WEBSITE_URL_LEN - 'https://films.example/'.length)}`;
const FUNDED_FILMS = 8;

let cluster: DeployedCluster;
let publisher: Keypair;
let funded: AutoListFilm[];
let funding: AutoListFilm;

/** Signs and sends each transaction of the app's Auto-List in turn; answers each one's signature and wire size. */
async function sendAutoList(batches: AutoListRegistration<AutoListFilm>[][]): Promise<{ signature: string; bytes: number }[]> {
  const sent: { signature: string; bytes: number }[] = [];
  for (const batch of batches) {
    const transaction = new Transaction().add(...batch);
    const signature = await sendAndConfirmTransaction(cluster.connection, transaction, [publisher]);
    sent.push({ signature, bytes: transaction.serialize().length });
  }
  return sent;
}

/** The embed account of a registration as the validator holds it, decoded. */
async function embedOnChain({ film, embedId }: AutoListRegistration<AutoListFilm>) {
  const address = pdas.embed(new PublicKey(film.address), publisher.publicKey, embedId);
  const account = await cluster.connection.getAccountInfo(address);
  return account && { address, embed: decodeAccount('Embed', account.data) };
}

/** What the validator says about a refused transaction: the failing instruction, and the program's error by the IDL (what the app's describeError shows). */
function refusal(error: unknown): { instruction: number; name: string | undefined; message: string | undefined } {
  const text = error instanceof Error ? `${error.message}\n${((error as { logs?: string[] }).logs ?? []).join('\n')}` : String(error);
  const match = /Error processing Instruction (\d+): custom program error: (0x[0-9a-f]+)/i.exec(text);
  assert.ok(match, `a custom program error in: ${text}`);
  const named = (MARQUEE_IDL.errors ?? []).find((candidate) => candidate.code === Number(match[2]));
  return { instruction: Number(match[1]), name: named?.name, message: named?.msg };
}

describe('On-Chain Auto-List on a real validator', () => {
  before(async () => {
    cluster = await deployedCluster();
    [publisher] = await fundedWallets(cluster, 1, 5);
    const films = await listFilms(cluster, FUNDED_FILMS + 1, FUNDED_FILMS);
    funded = films.slice(0, FUNDED_FILMS);
    funding = films[FUNDED_FILMS];
    for (const film of [...funded, funding]) {
      const { status } = decodeAccount('Project', (await cluster.connection.getAccountInfo(new PublicKey(film.address)))!.data);
      assert.equal(Object.keys(status)[0].toLowerCase(), film === funding ? 'funding' : 'funded');
    }
  });

  test('eight funded films: the app packs six and two, the validator confirms both, and each embed is on chain with its film, publisher and website', async (t: TestContext) => {
    const batches = autoListTransactions(funded, publisher.publicKey, WEBSITE);
    assert.deepEqual(
      batches.map((batch) => batch.length),
      [AUTO_LIST_EMBEDS_PER_TRANSACTION, FUNDED_FILMS - AUTO_LIST_EMBEDS_PER_TRANSACTION],
    );
    const sent = await sendAutoList(batches);
    t.diagnostic(`transactions of ${batches.map((batch) => batch.length).join(' + ')} embeds: ${sent.map(({ bytes }) => bytes).join(' + ')} bytes`);
    for (const { signature, bytes } of sent) {
      assert.ok(bytes <= PACKET_DATA_SIZE, `${bytes} bytes`);
      const status = (await cluster.connection.getSignatureStatus(signature, { searchTransactionHistory: true })).value;
      assert.equal(status?.err, null);
    }
    for (const registration of batches.flat()) {
      const onChain = await embedOnChain(registration);
      assert.ok(onChain, `the embed of film ${registration.film.id}`);
      assert.equal(onChain.embed.project.toBase58(), registration.film.address);
      assert.equal(onChain.embed.publisher.toBase58(), publisher.publicKey.toBase58());
      assert.equal(onChain.embed.embed_id, registration.embedId);
      assert.equal(onChain.embed.website_url, WEBSITE);
      const project = decodeAccount('Project', (await cluster.connection.getAccountInfo(new PublicKey(registration.film.address)))!.data);
      assert.equal(project.embed_count, 1);
    }

    // What the indexer builds the publisher's embeds from, read back the way it reads devnet.
    const source = new RpcSource({ cluster: 'localnet', rpcUrl: cluster.rpcUrl });
    for (const [index, { signature }] of sent.entries()) {
      const transaction = await source.getTransaction(signature);
      assert.ok(transaction, 'the validator returns the Auto-List transaction');
      const events = decodeTransactionEvents(transaction).filter((event) => event.name === 'EmbedRegistered');
      assert.deepEqual(
        events.map(({ data }) => ({
          project: String(data.project),
          embed: String(data.embed),
          publisher: String(data.publisher),
          embedId: data.embed_id,
          websiteUrl: data.website_url,
        })),
        batches[index].map(({ film, embedId }) => ({
          project: film.address,
          embed: pdas.embed(new PublicKey(film.address), publisher.publicKey, embedId).toBase58(),
          publisher: publisher.publicKey.toBase58(),
          embedId,
          websiteUrl: WEBSITE,
        })),
      );
    }
  });

  test('the longest website address packs fewer to a transaction: none over a packet, every one confirmed', async (t: TestContext) => {
    // Six of these would not fit one packet: the cap alone would make a transaction the cluster cannot take.
    const longSix = autoListTransactions(funded.slice(0, AUTO_LIST_EMBEDS_PER_TRANSACTION), publisher.publicKey, LONG_WEBSITE).flat();
    assert.ok(transactionSize(longSix, publisher.publicKey) > PACKET_DATA_SIZE);
    const batches = autoListTransactions(funded, publisher.publicKey, LONG_WEBSITE);
    assert.ok(batches.length > 2, `${batches.length} transactions`);
    assert.ok(batches.every((batch) => batch.length < AUTO_LIST_EMBEDS_PER_TRANSACTION));
    assert.equal(batches.flat().length, FUNDED_FILMS);
    const sent = await sendAutoList(batches);
    t.diagnostic(`transactions of ${batches.map((batch) => batch.length).join(' + ')} embeds: ${sent.map(({ bytes }) => bytes).join(' + ')} bytes`);
    for (const { bytes } of sent) assert.ok(bytes <= PACKET_DATA_SIZE, `${bytes} bytes`);
    for (const registration of batches.flat()) assert.equal((await embedOnChain(registration))?.embed.website_url, LONG_WEBSITE);
  });

  test('a film still funding is refused by the program as ProjectNotFunded, and its transaction registers nothing', async () => {
    // A funded film packed with the unfunded one: the transaction is refused whole.
    const [batch] = autoListTransactions([funded[0], funding], publisher.publicKey, WEBSITE);
    assert.equal(batch.length, 2);
    const refused = await sendAutoList([batch]).then(
      () => assert.fail('the validator confirmed register_embed of a film still funding'),
      (error: unknown) => refusal(error),
    );
    assert.deepEqual(refused, { instruction: 1, name: 'ProjectNotFunded', message: 'The project is not funded' });
    for (const registration of batch) assert.equal(await embedOnChain(registration), null);
  });

  test('a website address that is no http(s) URL is refused as InvalidWebsiteUrl', async () => {
    const [batch] = autoListTransactions([funded[0]], publisher.publicKey, 'ftp://films.example');
    const refused = await sendAutoList([batch]).then(
      () => assert.fail('the validator confirmed an embed on an ftp:// address'),
      (error: unknown) => refusal(error),
    );
    assert.equal(refused.name, 'InvalidWebsiteUrl');
    assert.equal(refused.instruction, 0);
    assert.equal(await embedOnChain(batch[0]), null);
  });
});
