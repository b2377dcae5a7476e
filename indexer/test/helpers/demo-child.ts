// Child process for the demo chain's crash test: opens (or seeds) the demo chain in a data folder,
// prints what it recovered, runs a fixed sequence of demo actions from `from` on, and prints the
// state after each. With a kill point it SIGKILLs itself there — after a transaction ran but before
// its commit ('executed'), after the log append ('log-written'), after the new state file is
// written but not renamed ('state-written'), right after the commit ('committed'), or inside the
// indexer's database transaction that ingests the action's first event ('event').
// Usage: node --import tsx demo-child.ts <dataDir> [from] [stage actionIndex] (actionIndex -1: the
// first start's seeding commit)
// Output: one JSON line per state: { after: number (-1: recovered), facts }.
import { startDemo } from '../../src/demo/index.ts';
import { pda } from '@marquee/program-client';
import type { DemoService } from '../../src/demo/service.ts';
import { scalar, sqlRows, testStorage } from './database.ts';

const WALLET = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

/** The sequence: each entry is one demo action, one commit. */
const ACTIONS: ((service: DemoService) => Promise<unknown>)[] = [
  (service) => service.keys.connect(WALLET),
  (service) => service.invest(WALLET, 9, 1.5),
  // Completes Winter Line (3.5 SOL short): it becomes funded.
  (service) => service.invest(WALLET, 10, 3.5),
  (service) => service.registerEmbed(WALLET, 10, 'https://crash.example', 'embed-10-crash'),
  // Winter Line is the wallet's only funded project, so the distribution lands there.
  (service) => service.house.generateRevenue(WALLET, 2),
  async (service) => {
    const ids = await sqlRows<{ id: number }>(
      service.cluster.db,
      'SELECT id FROM investor_distributions WHERE investor = ? AND claimed = 0',
      service.keys.wallet(WALLET)!.demoAddress,
    );
    await service.claimRevenue(WALLET, ids.map((row) => row.id));
  },
  (service) => service.invest(WALLET, 12, 0.75),
];

interface ProjectFacts {
  id: number;
  raised: string;
  investors: number;
  status: string;
  distributions: string;
}

/** The chain's state as accounts say it, and whether the index agrees with it. */
async function facts(service: DemoService) {
  const chain: ProjectFacts[] = [];
  for (let id = 0; ; id++) {
    const project = service.chain.account<any>('Project', pda.project(id));
    if (!project) break;
    chain.push({
      id,
      raised: project.raised_lamports.toString(),
      investors: project.investor_count,
      status: Object.keys(project.status)[0].toLowerCase(),
      distributions: project.distribution_count.toString(),
    });
  }
  const db = service.cluster.db;
  const indexed = (
    await sqlRows<{ id: number; raised_lamports: number; investor_count: number; status: string }>(
      db,
      'SELECT id, raised_lamports, investor_count, status FROM projects ORDER BY id',
    )
  ).map((row) => ({ id: row.id, raised: String(row.raised_lamports), investors: row.investor_count, status: row.status }));
  const distributions = await sqlRows<{ project_id: number; n: number }>(db, 'SELECT project_id, COUNT(*) AS n FROM distributions GROUP BY project_id');
  const indexAgrees =
    JSON.stringify(indexed) === JSON.stringify(chain.map(({ distributions: _, ...rest }) => rest)) &&
    chain.every((project) => String(distributions.find((row) => row.project_id === project.id)?.n ?? 0) === project.distributions) &&
    Number(await scalar(db, 'SELECT COUNT(*) AS n FROM transactions')) === service.chain.transactionCount;
  return {
    projects: chain,
    transactions: service.chain.transactionCount,
    wallet: service.keys.wallet(WALLET)?.balanceLamports ?? null,
    indexAgrees,
  };
}

{
  const [dataDir, fromText = '0', stage, atText] = process.argv.slice(2);
  const from = Number(fromText);
  let current = -1;
  const kill = (reached: string) => {
    if (reached === stage && current === Number(atText)) process.kill(process.pid, 'SIGKILL');
  };
  const demo = await startDemo({
    ...testStorage(dataDir),
    origin: 'http://localhost:8787',
    settlementIntervalMs: 0,
    now: () => Date.now(),
    chainHooks: { stage: kill },
    indexerHooks: { afterEventStored: () => kill('event') },
  });
  demo.cluster.indexer.start();
  console.log(JSON.stringify({ after: -1, facts: await facts(demo.service) }));
  for (let index = from; index < ACTIONS.length; index++) {
    current = index;
    await ACTIONS[index](demo.service);
    console.log(JSON.stringify({ after: index, facts: await facts(demo.service) }));
  }
  current = -1;
  demo.stop();
  demo.cluster.indexer.stop();
  await demo.cluster.store.close();
}
