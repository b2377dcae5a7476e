// Benchmark (not a test): ingesting a recorded program history through the indexer against a raw
// batched insert of the same event rows, on SQLite and, with DATABASE_URL=postgres://…, on
// PostgreSQL (target ≥ 0.3).
// Timed: `ClusterIndexer.sync()` on an empty database, reading the history from a source that
// answers getSignaturesForAddress / getTransaction from memory as an RPC would over the network:
// the production catch-up path, all of it — listing the program's signatures page by page, looking
// up which are known, fetching each transaction, decoding its events (base58 instruction data,
// Borsh), storing transactions and events, projecting every event (films, investments, positions,
// users, totals), moving the cursor, in batches of BACKFILL_BATCH chain transactions per database
// transaction. Not timed: building the history. Checked after it (not timed): every event stored
// and applied.
// Baseline: the same event rows, already decoded and serialised, inserted into the events table
// in multi-row statements of 1,000 in one database transaction.
//   npx tsx scripts/bench/ingest.ts          (BENCH_INGEST_EVENTS, default 100000)
import { pathToFileURL } from 'node:url';
import { data, openStore, type StoreLocation } from '../../indexer/src/index.ts';
import { ClusterIndexer } from '../../indexer/src/ingest/indexer.ts';
import { decodeTransactionEvents, eventDataToJson, type ChainTransaction } from '../../indexer/src/program/decoder.ts';
import { PROGRAM_ID } from '../../indexer/src/program/idl.ts';
import { address } from '../../indexer/test/helpers/chain.ts';
import { ScriptedChain } from '../../indexer/test/helpers/scenario.ts';
import type { ChainSource, SignatureInfo, SignatureQuery } from '../../indexer/src/sources/source.ts';
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

/** A recorded history served as an RPC serves it: signatures newest first, in pages, and transactions by signature. */
class RecordedSource implements ChainSource {
  readonly cluster = 'demo';
  private readonly bySignature = new Map<string, ChainTransaction>();
  private readonly newestFirst = new Map<string, SignatureInfo[]>();
  private readonly positions = new Map<string, Map<string, number>>();

  constructor(recorded: { tx: ChainTransaction; addresses: string[] }[]) {
    for (const { tx, addresses } of [...recorded].reverse()) {
      this.bySignature.set(tx.signature, tx);
      for (const address of addresses) {
        if (!this.newestFirst.has(address)) this.newestFirst.set(address, []);
        this.newestFirst.get(address)!.push({ signature: tx.signature, slot: tx.slot, failed: Boolean(tx.err) });
      }
    }
    for (const [address, list] of this.newestFirst) this.positions.set(address, new Map(list.map((entry, index) => [entry.signature, index])));
  }

  async getTransaction(signature: string): Promise<ChainTransaction | null> {
    return this.bySignature.get(signature) ?? null;
  }

  async getSignatures(address: string, query: SignatureQuery): Promise<SignatureInfo[]> {
    const list = this.newestFirst.get(address) ?? [];
    const position = this.positions.get(address);
    const start = query.before ? (position?.get(query.before) ?? -1) + 1 : 0;
    const end = query.until ? (position?.get(query.until) ?? list.length) : list.length;
    return list.slice(start, Math.min(end, start + (query.limit ?? 1000)));
  }
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
    const indexer = new ClusterIndexer({ cluster: 'demo', store: indexed, source: new RecordedSource(chain.source.transactions), now: () => 0 });
    let start = performance.now();
    await indexer.sync();
    const ingestSeconds = (performance.now() - start) / 1000;
    const applied = await indexed.db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).where('applied', '=', 1).executeTakeFirstOrThrow();
    if (Number(applied.n) !== rows.length) throw new Error(`the indexer applied ${applied.n} of ${rows.length} events`);
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
