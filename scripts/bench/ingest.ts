// Benchmark (not a test): ingesting a recorded program history through the indexer against a raw
// batched insert of the same rows, on SQLite and, with DATABASE_URL=postgres://…, on PostgreSQL
// (target ≥ 0.3).
// Timed: `ClusterIndexer.sync()` on an empty database, reading the history from a source that
// answers getSignaturesForAddress / getTransaction from memory as an RPC would over the network:
// the production catch-up path, all of it — listing the program's signatures page by page, looking
// up which are known, fetching each transaction, decoding its events (base58 instruction data,
// Borsh), storing transactions and events, projecting every event (films, investments, positions,
// users, totals), moving the cursor, in batches of BACKFILL_BATCH chain transactions per database
// transaction. Not timed: building the history. Checked after it (not timed): every event stored
// and applied.
// Baseline: the same rows — every row of every table the indexer left (transactions, events,
// investments, positions, users, films, cursors…), read back untimed — inserted into an empty
// database of the same schema and indexes, in multi-row statements of up to 1,000 rows, in one
// database transaction (foreign keys checked at its commit). The ratio is then what the indexer's
// own work (fetching, decoding, projecting) costs on top of writing what it writes.
// Also printed, without a target: the ratio against inserting the event rows alone (the indexer
// writes three to four rows per event, so that one can never approach 1).
//   npx tsx scripts/bench/ingest.ts          (BENCH_INGEST_EVENTS, default 100000)
import { sql } from 'kysely';
import { pathToFileURL } from 'node:url';
import { data, openStore, type StoreLocation } from '../../indexer/src/index.ts';
import { inChunks } from '../../indexer/src/db/batches.ts';
import { eventsTableRow, ingestedEventOf } from '../../indexer/src/ingest/event-row.ts';
import { ClusterIndexer } from '../../indexer/src/ingest/indexer.ts';
import { decodeTransactionEvents, MARQUEE_PROGRAM_ADDRESS as PROGRAM_ID, type ChainTransaction } from '@marquee/program-client';
import { address } from '../../indexer/test/helpers/chain.ts';
import { ScriptedChain } from '../../indexer/test/helpers/scenario.ts';
import type { ChainSource, SignatureInfo, SignatureQuery } from '../../indexer/src/sources/source.ts';
import { SMOKE, benchRow, printRows, type BenchRow } from './rows.ts';

const EVENTS = Number(process.env.BENCH_INGEST_EVENTS ?? (SMOKE ? 2_000 : 100_000));
const INVESTS_PER_FILM = 500;
const BATCH = 1000;
/** Bound parameters per statement, under SQLite's limit (32,766) and PostgreSQL's (65,535). */
const MAX_PARAMETERS = 30_000;
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

/**
 * Every table's rows but those the fresh store's migrations and triggers fill themselves: the
 * migrations' bookkeeping, the campaign tables' and the films' text's generation counters (each one row
 * made by its migration, moved by triggers), the search's counts of short substrings (kept by triggers on the films and
 * their documents); on SQLite, ordinary tables only (the search index's FTS5 table and its shadow
 * tables are filled by the triggers of the tables they index).
 */
const TRIGGER_FILLED = new Set(['campaign_generation', 'search_gram_films', 'search_generation']);

async function everyRow(db: data.Executor, dialect: data.DialectName): Promise<Map<string, Record<string, unknown>[]>> {
  const tables =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(db)
      : await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(db);
  const rows = new Map<string, Record<string, unknown>[]>();
  for (const { name } of tables.rows) {
    if (name.startsWith('kysely_migration') || TRIGGER_FILLED.has(name)) continue;
    const { rows: tableRows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(name)}`.execute(db);
    if (tableRows.length > 0) rows.set(name, tableRows);
  }
  return rows;
}

/** Inserts `rows` table by table in multi-row statements, in one transaction whose foreign keys are checked at commit. */
async function insertRaw(db: data.Executor, dialect: data.DialectName, rows: Map<string, Record<string, unknown>[]>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await (dialect === 'sqlite' ? sql`PRAGMA defer_foreign_keys = ON` : sql`SET CONSTRAINTS ALL DEFERRED`).execute(trx);
    for (const [table, tableRows] of rows) {
      const perStatement = Math.max(1, Math.min(BATCH, Math.floor(MAX_PARAMETERS / Object.keys(tableRows[0]).length)));
      for (const chunk of inChunks(tableRows, perStatement)) {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        await trx.insertInto(table as any).values(chunk as any).execute();
      }
    }
  });
}

export async function benchIngest(): Promise<BenchRow[]> {
  const chain = recordedChain();
  const transactions = chain.source.transactions.map((entry) => entry.tx);
  const eventRows = transactions.flatMap((tx) => decodeTransactionEvents(tx, PROGRAM_ID).map((event) => eventsTableRow(ingestedEventOf(event))));
  const results: BenchRow[] = [];
  for (const { name, location } of locations()) {
    const indexed = await openStore(location());
    const indexer = new ClusterIndexer({ cluster: 'demo', store: indexed, source: new RecordedSource(chain.source.transactions), now: () => 0 });
    let start = performance.now();
    await indexer.sync();
    const ingestSeconds = (performance.now() - start) / 1000;
    const applied = await indexed.db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).where('applied', '=', 1).executeTakeFirstOrThrow();
    if (Number(applied.n) !== eventRows.length) throw new Error(`the indexer applied ${applied.n} of ${eventRows.length} events`);
    const stored = await everyRow(indexed.db, indexed.dialect);
    await indexed.close();
    const storedRows = [...stored.values()].reduce((sum, tableRows) => sum + tableRows.length, 0);

    const raw = await openStore(location());
    start = performance.now();
    await insertRaw(raw.db, raw.dialect, stored);
    const rawSeconds = (performance.now() - start) / 1000;
    await raw.close();

    const eventsOnly = await openStore(location());
    start = performance.now();
    await eventsOnly.db.transaction().execute(async (trx) => {
      for (const chunk of inChunks(eventRows, BATCH)) await trx.insertInto('events').values(chunk).execute();
    });
    const eventsOnlySeconds = (performance.now() - start) / 1000;
    await eventsOnly.close();

    const events = eventRows.length;
    results.push(
      benchRow(`ingest ${events} events (events/s) vs inserting the ${storedRows} rows it stores [${name}]`, events / ingestSeconds, events / rawSeconds, TARGET),
      { ...benchRow(`ingest ${events} events (events/s) vs inserting the event rows alone [${name}]`, events / ingestSeconds, events / eventsOnlySeconds, TARGET), target: '—', met: null },
    );
  }
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) printRows(await benchIngest());
