// Child process for the failover test: a leader candidate. It campaigns for the leader lock on
// PostgreSQL (DATABASE_URL), and once elected does one piece of a leader's work on a fixture chain,
// waits for "go" on its standard input, then exits: `ingest` syncs the chain into the cluster's database; `settle` syncs, then runs the
// settlement job once, its signer "sending" the fixture's prepared settle_campaign by appending
// its signature to the run's published log (the chain: what is published there exists for every
// later leader). It can SIGKILL itself mid-work, as a crash would stop it.
// Its storage is the test's (testStorage: the same PostgreSQL schemas through MARQUEE_DATABASE_SCHEMA_PREFIX).
// Usage: node --import tsx failover-child.ts <fixture.json> <dataDir> <lockKey> <ingest|settle> [kill]
//   kill: event:N (inside the ingestion of the Nth event) | after-send (distribution published, not recorded)
// Output: JSON lines { state: 'campaigning' | 'elected' | 'settled' | 'done', at: epoch ms, … }.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { createCluster } from '../../src/cluster.ts';
import { LeaderElection } from '../../src/roles/leadership.ts';
import { SettlementJob, type CampaignSettlementRequest } from '../../src/settlement/job.ts';
import { T0 } from './scenario.ts';
import { FakeChainSource } from './chain.ts';
import { testStorage } from './database.ts';
import { CHILD_POLL_MS, publishedLog, type FailoverFixture } from './failover-fixture.ts';

/** What the fixture chain charges for a distribution account's rent. */
const FIXTURE_RENT_LAMPORTS = 10_000n;
const say = (state: string, extra: Record<string, unknown> = {}) => console.log(JSON.stringify({ state, at: Date.now(), ...extra }));

const [fixturePath, dataDir, lockKey, mode, kill = ''] = process.argv.slice(2);
const fixture = JSON.parse(readFileSync(fixturePath, 'utf8')) as FailoverFixture;
const selfKill = () => process.kill(process.pid, 'SIGKILL');

const election = new LeaderElection({ databaseUrl: process.env.DATABASE_URL!, lockKey: Number(lockKey), pollMs: CHILD_POLL_MS, log: () => undefined });
election.onLost((reason) => {
  console.error(`leadership lost: ${reason}`);
  process.exit(1);
});
say('campaigning');
await election.campaign();
say('elected');
// The test says when to start (once its standby is campaigning).
await new Promise<void>((resolve) => {
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (data) => String(data).includes('go') && resolve());
});
process.stdin.pause();

const source = new FakeChainSource('demo');
source.transactions.push(...fixture.base);
const published = existsSync(publishedLog(dataDir)) ? readFileSync(publishedLog(dataDir), 'utf8').split('\n').filter(Boolean) : [];
if (published.includes(fixture.distribution.tx.signature)) source.transactions.push(fixture.distribution);

let events = 0;
const killAtEvent = kill.startsWith('event:') ? Number(kill.slice('event:'.length)) : undefined;
const cluster = await createCluster({
  ...testStorage(dataDir),
  source,
  now: () => 0,
  hooks: { afterEventStored: () => (++events === killAtEvent ? selfKill() : undefined) },
});
await cluster.indexer.sync();

if (mode === 'settle') {
  const signer = {
    // The fixture chain: the distribution takes its index, so the project's next index is the one
    // after it once it is published. Its rent is below the batch's 45,000 lamports (the rent rule is
    // settlement.test.ts's; this test is about the crash).
    nextDistributionIndex: async () => fixture.distribution.index + (source.transactions.includes(fixture.distribution) ? 1 : 0),
    rentExemptMinimum: async () => FIXTURE_RENT_LAMPORTS,
    distributeRevenue: async (): Promise<string> => {
      throw new Error('campaign views are paid by settle_campaign');
    },
    async settleCampaign(request: CampaignSettlementRequest) {
      const { distribution } = fixture;
      if (request.projectId !== distribution.projectId || request.index !== distribution.index || request.amountLamports !== BigInt(distribution.amountLamports)) {
        throw new Error(`unexpected distribution request: project ${request.projectId}, index ${request.index}, ${request.amountLamports} lamports`);
      }
      // As the program does: the distribution at this index exists once, whoever sends it.
      if (source.transactions.includes(distribution)) throw new Error(`distribution ${distribution.index} already exists on chain`);
      appendFileSync(publishedLog(dataDir), `${distribution.tx.signature}\n`);
      source.transactions.push(distribution);
      if (kill === 'after-send') selfKill();
      return distribution.tx.signature;
    },
  };
  // The chain's clock inside the campaign's window (the views were counted at T0 + 100,000 s).
  const chainNow = () => (T0 + 100_000) * 1000;
  const results = await new SettlementJob({ db: cluster.db, indexer: cluster.indexer, signer, now: () => 0, chainNow }).runOnce();
  say('settled', { results });
  // A leader's next poll: ingestSignature does not move the backfill cursor, a sync does (the
  // standby of a failover reached the distribution by syncing), so both runs end after one.
  await cluster.indexer.sync();
}
await cluster.store.close();
await election.stop();
say('done');
