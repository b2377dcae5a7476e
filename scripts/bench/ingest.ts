// Benchmark (not a test): ingesting recorded program events through the indexer (one database
// transaction per chain transaction: events, cursor, projection) against a raw batched insert of the
// same event rows, on SQLite and, with DATABASE_URL=postgres://…, on PostgreSQL (target ≥ 0.3).
//   npx tsx scripts/bench/ingest.ts          (BENCH_INGEST_EVENTS, default 100000)
import { pathToFileURL } from 'node:url';
import { data, openStore, type StoreLocation } from '../../indexer/src/index.ts';
import { ClusterIndexer } from '../../indexer/src/ingest/indexer.ts';
import { decodeTransactionEvents, eventDataToJson } from '../../indexer/src/program/decoder.ts';
import { PROGRAM_ID } from '../../indexer/src/program/idl.ts';
import { address } from '../../indexer/test/helpers/chain.ts';
import { ScriptedChain } from '../../indexer/test/helpers/scenario.ts';
import { benchRow, printRows, type BenchRow } from './rows.ts';

const EVENTS = Number(process.env.BENCH_INGEST_EVENTS ?? 100_000);
const INVESTS_PER_FILM = 500;
const BATCH = 1000;
const TARGET = 0.3;

/** A recorded program history of about EVENTS events: films, each with many small investments. */
function recordedChain(): ScriptedChain {
  const chain = new ScriptedChain();
  chain.initializePlatform();
  const studio = chain.registerStudio('bench', 'Bench Studio');
  let events = 2;
  for (let film = 0; events < EVENTS; film++) {
    const project = chain.createProject(studio, `Bench Film ${film}`, 1_000_000);
    events++;
    for (let n = 0; n < INVESTS_PER_FILM && events < EVENTS; n++, events++) chain.invest(project.id, address(`investor-${n % 50}`), 1_000_000_000n);
  }
  return chain;
}

function locations(): { name: string; location: () => StoreLocation }[] {
  const url = process.env.DATABASE_URL;
  const all: { name: string; location: () => StoreLocation }[] = [{ name: 'sqlite', location: () => ({ dialect: 'sqlite', path: ':memory:' }) }];
  if (data.isPostgresUrl(url)) {
    let run = 0;
    all.push({ name: 'postgres', location: () => ({ dialect: 'postgres', url, schema: `bench_ingest_${process.pid}_${run++}`, temporary: true }) });
  }
  return all;
}

export async function benchIngest(): Promise<BenchRow[]> {
  const chain = recordedChain();
  const transactions = chain.source.transactions.map((entry) => entry.tx);
  const rows = transactions.flatMap((tx) =>
    decodeTransactionEvents(tx, PROGRAM_ID).map((event) => ({
      signature: event.signature,
      ix_index: event.ixIndex,
      event_index: event.eventIndex,
      slot: event.slot,
      block_time: event.blockTime,
      name: event.name,
      stream: event.stream,
      seq: event.seq,
      data: eventDataToJson(event.data),
    })),
  );
  const results: BenchRow[] = [];
  for (const { name, location } of locations()) {
    const indexed = await openStore(location());
    const indexer = new ClusterIndexer({ cluster: 'demo', store: indexed, source: chain.source, now: () => 0 });
    let start = performance.now();
    for (const tx of transactions) await indexer.ingestTransaction(tx);
    const ingestSeconds = (performance.now() - start) / 1000;
    await indexed.close();

    const raw = await openStore(location());
    start = performance.now();
    await raw.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += BATCH) await trx.insertInto('events').values(rows.slice(i, i + BATCH)).execute();
    });
    const rawSeconds = (performance.now() - start) / 1000;
    await raw.close();
    results.push(benchRow(`ingest ${rows.length} events (events/s) [${name}]`, rows.length / ingestSeconds, rows.length / rawSeconds, TARGET));
  }
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) printRows(await benchIngest());
