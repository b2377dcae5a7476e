// @differs-on-postgres: test/all.ts runs this file on PostgreSQL too
// Ingestion never stalls: poison transactions are quarantined and re-projected after a
// fix, signatures the RPC cannot return are retried with backoff, gap backfill lists only what is
// newer than a stream's own cursor, and confirmed transactions gone at finalized are rolled back.
import anchor from '@coral-xyz/anchor';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { clusterLocation } from '../src/cluster.ts';
import { openStore, type DataStore } from '../src/db/index.ts';
import { ClusterIndexer, unavailableRetryDelay } from '../src/ingest/indexer.ts';
import { decodeTransactionEvents, type ChainTransaction } from '@marquee/program-client';
import { testApp } from './helpers/app.ts';
import { address, FakeChainSource } from './helpers/chain.ts';
import { dropTestStorage, sqlRows, sqlRun, testDialect, testLocation, testStorage } from './helpers/database.ts';
import { dumpTables, scalar } from './helpers/dump.ts';
import { fullScenario, platformWithFilm, ScriptedChain } from './helpers/scenario.ts';
import { FINALITY_MISSES_BEFORE_ROLLBACK } from '../src/constants.ts';

const { bs58 } = anchor.utils.bytes;
const alice = address('alice');
const bob = address('bob');
const carol = address('carol');
const UNKNOWN_DISCRIMINATOR = 0xab;

function indexerFor(store: DataStore, source: FakeChainSource, options: Partial<ConstructorParameters<typeof ClusterIndexer>[0]> = {}) {
  return new ClusterIndexer({ cluster: 'demo', store, source, now: () => 0, ...options });
}

/**
 * Makes the transaction's first program event one the IDL does not know (a newer program's event):
 * its discriminator bytes are overwritten. Returns the original discriminator.
 */
function poisonDiscriminator(tx: ChainTransaction): Buffer {
  const instruction = tx.innerInstructions[0].instructions[1];
  const bytes = Buffer.from(bs58.decode(instruction.data as string));
  const original = Buffer.from(bytes.subarray(8, 16));
  bytes.fill(UNKNOWN_DISCRIMINATOR, 8, 16);
  instruction.data = bs58.encode(bytes);
  return original;
}

/** The decoder of an IDL that knows the new event: it reads the unknown discriminator as `known`. */
function decoderKnowing(known: Buffer): typeof decodeTransactionEvents {
  return (tx, programId) => {
    const translated: ChainTransaction = {
      ...tx,
      innerInstructions: tx.innerInstructions.map((group) => ({
        ...group,
        instructions: group.instructions.map((instruction) => {
          const bytes = Buffer.from(typeof instruction.data === 'string' ? bs58.decode(instruction.data) : instruction.data);
          if (bytes.length < 16 || !bytes.subarray(8, 16).equals(Buffer.alloc(8, UNKNOWN_DISCRIMINATOR))) return instruction;
          known.copy(bytes, 8);
          return { ...instruction, data: bytes };
        }),
      })),
    };
    return decodeTransactionEvents(translated, programId);
  };
}

describe('quarantine', () => {
  test('an undecodable transaction is quarantined (not stored as empty), later ones are ingested, and it applies after the decoder is fixed', async () => {
    const { chain, studio, film } = platformWithFilm(undefined, { goalSol: 100 });
    const other = chain.createProject(studio, 'Other', 100);
    chain.invest(film.id, alice, 1_000_000_000n);
    const poison = chain.invest(film.id, bob, 2_000_000_000n);
    const later = chain.invest(film.id, carol, 3_000_000_000n);
    chain.invest(other.id, carol, 4_000_000_000n);
    const known = poisonDiscriminator(poison);
    const store = await openStore(testLocation());
    const indexer = indexerFor(store, chain.source);

    await indexer.sync();
    assert.equal((await indexer.cursor())!.signature, chain.source.transactions.at(-1)!.tx.signature, 'the cursor moved past the poison');
    assert.equal(await scalar(store.db, 'SELECT COUNT(*) AS n FROM transactions WHERE signature = ?', poison.signature), 0, 'not recorded as an empty transaction');
    const [entry] = (await indexer.ingestionHealth()).quarantine.newest;
    assert.equal(entry.signature, poison.signature);
    assert.equal(entry.stage, 'decode');
    assert.match(entry.reason, /unknown event discriminator abababababababab/);
    // The film's stream waits at the poison's seq; the other film's stream went on.
    assert.deepEqual(await scalar(store.db, 'SELECT raised_lamports FROM projects WHERE id = ?', film.id), 1_000_000_000);
    assert.deepEqual(await scalar(store.db, 'SELECT raised_lamports FROM projects WHERE id = ?', other.id), 4_000_000_000);
    assert.equal(await indexer.isApplied({ signature: later.signature, ix_index: 0, event_index: 0 }), false, 'the later invest waits, not skipped');
    assert.deepEqual(await indexer.gaps(), [{ stream: film.address, nextSeq: 3, firstPendingSeq: 4, pending: 1 }]);

    // Re-listing the history does not fetch it again into an empty row either.
    await sqlRun(store.db, 'DELETE FROM cursors');
    await indexer.sync();
    assert.equal(await scalar(store.db, 'SELECT COUNT(*) AS n FROM transactions WHERE signature = ?', poison.signature), 0);

    // Still the old decoder: re-projecting fails again and says so.
    assert.deepEqual(await indexer.reprojectQuarantined(), { reprojected: [], stillQuarantined: [poison.signature] });
    assert.equal((await indexer.ingestionHealth()).quarantine.newest[0].attempts, 2);

    const upgraded = indexerFor(store, chain.source, { decode: decoderKnowing(known) });
    assert.deepEqual(await upgraded.reprojectQuarantined(), { reprojected: [poison.signature], stillQuarantined: [] });
    assert.deepEqual(await upgraded.gaps(), []);
    assert.equal((await upgraded.ingestionHealth()).quarantine.count, 0);
    assert.deepEqual(await scalar(store.db, 'SELECT raised_lamports FROM projects WHERE id = ?', film.id), 6_000_000_000);
    await store.close();
  });

  test("a transaction whose projection throws is quarantined with its reason, its streams wait for it, the rest goes on, health reports it, and it re-projects once the fix is in", async () => {
    const t = await testApp();
    const { chain, source, cluster } = t;
    const indexer = cluster.indexer;
    chain.initializePlatform();
    const studio = chain.registerStudio('s', 'S');
    const film = chain.createProject(studio, 'Film', 100);
    chain.invest(film.id, alice, 1_000_000_000n);
    const campaign = chain.createCampaign(address('advertiser'));
    // The film's creation is not listed yet (a lagging node): the settlement names a film the index lacks.
    source.hidden.add(film.tx.signature);
    const poison = chain.settleCampaign(campaign.address, film.id, 1000n).tx;
    const paused = chain.pauseCampaign(campaign.address, true);
    const elsewhere = chain.registerStudio('t', 'T');
    void elsewhere;
    await indexer.sync();

    const quarantined = (await indexer.ingestionHealth()).quarantine.newest;
    assert.equal(quarantined.length, 1);
    assert.equal(quarantined[0].signature, poison.signature);
    assert.equal(quarantined[0].stage, 'project');
    assert.match(quarantined[0].reason, /CampaignSettled \(seq 2 of .*\) does not project: Event for unknown project/);
    assert.equal(await scalar(cluster.db, 'SELECT COUNT(*) AS n FROM studios'), 2, 'later transactions of other streams are projected');
    assert.equal(await indexer.isApplied({ signature: paused.signature, ix_index: 0, event_index: 0 }), false, 'the campaign waits at the settlement');
    const campaignGap = (await indexer.gaps()).find((gap) => gap.stream === campaign.address)!;
    assert.equal(campaignGap.quarantined?.signature, poison.signature);

    const health = (await (await t.request('GET', '/api/health')).json()) as {
      clusters: { gaps: unknown[]; quarantine: { count: number; newest: { signature: string; reason: string }[] }; unavailableSignatures: { count: number } }[];
    };
    assert.equal(health.clusters[0].quarantine.count, 1);
    assert.equal(health.clusters[0].quarantine.newest[0].signature, poison.signature);
    assert.match(health.clusters[0].quarantine.newest[0].reason, /Event for unknown project/);
    assert.equal(health.clusters[0].unavailableSignatures.count, 0);

    // The fix: the film is listed now. Its stream waits at the quarantined settlement's distribution too.
    source.hidden.delete(film.tx.signature);
    await sqlRun(cluster.db, 'DELETE FROM cursors');
    await indexer.sync();
    assert.equal(await scalar(cluster.db, 'SELECT COUNT(*) AS n FROM distributions'), 0);
    // A write that reports it is told why it is not applied, not that it is no Marquee transaction.
    const reported = await t.request('POST', '/api/investments', { projectId: film.id, amount: 1, txHash: poison.signature });
    assert.equal(reported.status, 409);
    assert.match(((await reported.json()) as { message: string }).message, /is quarantined by the indexer \(CampaignSettled/);
    assert.deepEqual(await indexer.reprojectQuarantined(), { reprojected: [poison.signature], stillQuarantined: [] });
    assert.deepEqual(await indexer.gaps(), []);
    assert.equal(await scalar(cluster.db, 'SELECT COUNT(*) AS n FROM campaign_settlements'), 1);
    assert.equal(await scalar(cluster.db, 'SELECT COUNT(*) AS n FROM distributions'), 1);
    assert.equal(await scalar(cluster.db, 'SELECT paused FROM campaigns'), 1, 'the campaign stream went on past it');
    assert.equal((await indexer.ingestionHealth()).quarantine.count, 0);
  });

  test('npm run reproject re-projects the quarantined transactions of a data folder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'marquee-reproject-'));
    const storage = testStorage(dataDir);
    try {
      const { chain, film } = platformWithFilm(undefined, { goalSol: 100 });
      chain.invest(film.id, alice, 1_000_000_000n);
      const campaign = chain.createCampaign(address('advertiser'));
      chain.source.hidden.add(film.tx.signature);
      const poison = chain.settleCampaign(campaign.address, film.id, 1000n).tx;
      let store = await openStore(clusterLocation(storage, 'demo'));
      await indexerFor(store, chain.source).sync();
      chain.source.hidden.delete(film.tx.signature);
      await indexerFor(store, chain.source).backfillAddress(film.address);
      assert.equal(await scalar(store.db, 'SELECT COUNT(*) AS n FROM quarantined_transactions'), 1);
      await store.close();

      const script = fileURLToPath(new URL('../scripts/reproject.ts', import.meta.url));
      const env: NodeJS.ProcessEnv = { ...process.env, MARQUEE_DATA_DIR: dataDir, MARQUEE_RPC_CLUSTERS: '' };
      delete env.DATABASE_URL;
      if (storage.databaseUrl) Object.assign(env, { DATABASE_URL: storage.databaseUrl, MARQUEE_DATABASE_SCHEMA_PREFIX: storage.schemaPrefix });
      const run = spawnSync(process.execPath, ['--import', 'tsx', script, 'demo'], { encoding: 'utf8', env });
      assert.equal(run.status, 0, run.stderr);
      assert.match(run.stdout, new RegExp(`demo: re-projected 1 of 1 quarantined transaction\\(s\\)`));
      assert.match(run.stdout, new RegExp(poison.signature));

      store = await openStore(clusterLocation(storage, 'demo'));
      assert.equal(await scalar(store.db, 'SELECT COUNT(*) AS n FROM quarantined_transactions'), 0);
      assert.equal(await scalar(store.db, 'SELECT COUNT(*) AS n FROM campaign_settlements'), 1);
      await store.close();
    } finally {
      await dropTestStorage(storage);
    }
  });
});

describe('unavailable signatures', () => {
  test('a signature the RPC cannot return is retried with exponential backoff while the cursor moves on, then ingested', async () => {
    const chain = new ScriptedChain();
    chain.initializePlatform();
    chain.registerStudio('s', 'S');
    const missing = chain.source.transactions[1].tx;
    let nowMs = 1_000_000;
    const store = await openStore(testLocation());
    const indexer = indexerFor(store, chain.source, { now: () => nowMs });
    const original = chain.source.getTransaction.bind(chain.source);
    const answers: ('throw' | 'null' | 'serve')[] = ['throw', 'null', 'serve'];
    let asked = 0;
    chain.source.getTransaction = async (signature) => {
      if (signature !== missing.signature) return original(signature);
      asked++;
      const answer = answers.shift();
      if (answer === 'throw') throw new Error('503 Service Unavailable');
      return answer === 'null' ? null : original(signature);
    };

    await indexer.sync();
    assert.equal(asked, 1);
    assert.equal((await indexer.cursor())!.signature, missing.signature, 'not a stop: the cursor moved past it');
    let unavailable = (await indexer.ingestionHealth()).unavailableSignatures;
    assert.equal(unavailable.count, 1);
    assert.equal(unavailable.newest[0].attempts, 1);
    assert.match(unavailable.newest[0].lastError, /503 Service Unavailable/);
    assert.equal(unavailable.newest[0].nextAttemptAt, nowMs + unavailableRetryDelay(1));

    await indexer.sync();
    assert.equal(asked, 1, 'not asked again before its backoff is over');
    nowMs += unavailableRetryDelay(1);
    await indexer.sync();
    assert.equal(asked, 2);
    unavailable = (await indexer.ingestionHealth()).unavailableSignatures;
    assert.equal(unavailable.newest[0].attempts, 2);
    assert.equal(unavailableRetryDelay(2), 2 * unavailableRetryDelay(1), 'the delay doubles');
    assert.equal(unavailable.newest[0].nextAttemptAt, nowMs + unavailableRetryDelay(2));

    nowMs += unavailableRetryDelay(2) - 1;
    await indexer.sync();
    assert.equal(asked, 2);
    nowMs += 1;
    await indexer.sync();
    assert.equal(asked, 3);
    assert.equal((await indexer.ingestionHealth()).unavailableSignatures.count, 0);
    assert.equal(await scalar(store.db, 'SELECT COUNT(*) AS n FROM studios'), 1);
    assert.ok(unavailableRetryDelay(100) <= 10 * 60_000, 'the backoff is bounded');
    await store.close();
  });
});

describe('gap backfill', () => {
  test("a stream's gap is backfilled from its account's history only down to the stream's cursor", async () => {
    const { chain, film } = platformWithFilm(undefined, { goalSol: 100 });
    for (let i = 0; i < 5; i++) chain.invest(film.id, alice, 100_000_000n);
    const missed = chain.invest(film.id, bob, 100_000_000n);
    chain.invest(film.id, carol, 100_000_000n);
    const store = await openStore(testLocation());
    const indexer = indexerFor(store, chain.source);
    const listings: { until?: string; listed: number }[] = [];
    const original = chain.source.getSignatures.bind(chain.source);
    chain.source.getSignatures = async (addr, query) => {
      const page = await original(addr, query);
      if (addr === film.address) listings.push({ until: query.until, listed: page.length });
      return page;
    };
    for (const { tx } of chain.source.transactions) if (tx !== missed) await indexer.ingestTransaction(tx);
    assert.equal((await indexer.gaps()).length, 1);
    assert.deepEqual(await indexer.resolveGaps(), []);
    assert.deepEqual(listings, [{ until: undefined, listed: 8 }], 'the first resolution lists the whole history once');
    const newest = chain.source.transactions.at(-1)!.tx.signature;
    assert.equal((await indexer.cursor(ClusterIndexer.streamCursor(film.address)))!.signature, newest);

    const missedAgain = chain.invest(film.id, bob, 100_000_000n);
    const after = chain.invest(film.id, carol, 100_000_000n);
    await indexer.ingestTransaction(after);
    listings.length = 0;
    assert.deepEqual(await indexer.resolveGaps(), []);
    assert.deepEqual(listings, [{ until: newest, listed: 2 }], 'only what is newer than the cursor is listed');
    assert.equal(await indexer.isApplied({ signature: missedAgain.signature, ix_index: 0, event_index: 0 }), true);
    await store.close();
  });

  test('live notifications coalesce into one gap resolution at a time', async () => {
    const { chain, film } = platformWithFilm(undefined, { goalSol: 100 });
    const missed = chain.invest(film.id, alice, 100_000_000n);
    chain.invest(film.id, bob, 100_000_000n);
    const store = await openStore(testLocation());
    const indexer = indexerFor(store, chain.source);
    chain.source.hidden.add(missed.signature);
    for (const { tx } of chain.source.transactions) if (tx !== missed) await indexer.ingestTransaction(tx);
    let listings = 0;
    const original = chain.source.getSignatures.bind(chain.source);
    chain.source.getSignatures = async (addr, query) => {
      if (addr === film.address) listings++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return original(addr, query);
    };
    // The gap cannot be resolved (its transaction is not listed), so every resolution lists again.
    await Promise.all(Array.from({ length: 6 }, () => indexer.requestGapResolution()));
    assert.equal(listings, 2, 'one running resolution, and one more for everything asked meanwhile');
    await store.close();
  });
});

describe('finalized reconciliation', () => {
  test('confirmed transactions gone at finalized are rolled back: the projections equal a run that never saw them', async () => {
    const { chain, film, embed } = fullScenario();
    const forkedDistribution = chain.distributeRevenue(film.id, 500_000_000n, [{ embed, views: 10n }]);
    const forkedCampaign = chain.createCampaign(address('advertiser')).tx;
    const store = await openStore(testLocation());
    const confirmedRun = indexerFor(store, chain.source);
    await confirmedRun.sync();
    assert.equal(await scalar(store.db, 'SELECT COUNT(*) AS n FROM campaigns'), 1);
    // An off-chain row that references the film must survive the rebuild (foreign keys checked at commit).
    await sqlRun(store.db, "INSERT INTO chat_messages (project_id, sender_wallet, text, created_at) VALUES (?, ?, 'hello', 0)", film.id, alice);

    // The cluster abandons the fork; the chain goes on in another stream.
    chain.source.forkOut(forkedDistribution.signature);
    chain.source.forkOut(forkedCampaign.signature);
    chain.registerStudio('later', 'Later');
    await confirmedRun.sync();
    // Each pass's miss is confirmed by the cluster's history; only the last of them rolls back.
    for (let pass = 1; pass < FINALITY_MISSES_BEFORE_ROLLBACK; pass++) assert.deepEqual((await confirmedRun.reconcileFinalized()).rolledBack, []);
    const result = await confirmedRun.reconcileFinalized();
    assert.deepEqual(result.rolledBack.sort(), [forkedDistribution.signature, forkedCampaign.signature].sort());
    await confirmedRun.sync();
    assert.deepEqual((await confirmedRun.reconcileFinalized()).rolledBack, [], 'nothing else is gone');

    const neverSaw = await openStore(testLocation());
    const reference = indexerFor(neverSaw, chain.source);
    await reference.sync();
    await reference.reconcileFinalized();
    await sqlRun(neverSaw.db, "INSERT INTO chat_messages (project_id, sender_wallet, text, created_at) VALUES (?, ?, 'hello', 0)", film.id, alice);
    // Surrogate ids are numbered in application order (PostgreSQL's identities never reuse one).
    const omit = { omit: ['id', 'distribution_id'] };
    assert.deepEqual(await dumpTables(store.db, omit), await dumpTables(neverSaw.db, omit));
    assert.equal(await scalar(store.db, 'SELECT COUNT(*) AS n FROM transactions WHERE finalized = 0'), 0);
    await store.close();
    await neverSaw.close();
  });

  test('every foreign key can wait for the commit (PostgreSQL): the rollback empties projects that off-chain rows point to', { skip: testDialect !== 'postgres' && 'SQLite defers every foreign key with a pragma' }, async () => {
    const store = await openStore(testLocation());
    const immediate = await sqlRows(
      store.db,
      "SELECT c.conname AS name FROM pg_constraint c WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace AND NOT c.condeferrable",
    );
    assert.deepEqual(immediate, [], 'a migration added a foreign key without .deferrable().initiallyImmediate()');
    await store.close();
  });
});
