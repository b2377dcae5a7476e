// The servers the browser journey runs against, by E2E_TOPOLOGY:
// - unset: one `npm start` process (SQLite, MARQUEE_ROLE=all) on the given port;
// - `pg-cluster` (needs DATABASE_URL, e.g. under scripts/with-postgres.sh): in a database of the
//   journey's own on that server, a leader (MARQUEE_ROLE=indexer, the demo chain) and two API
//   processes (MARQUEE_ROLE=api), with a round-robin proxy on the given port in front of the API
//   processes, so consecutive requests of one page land on different processes.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import { join } from 'node:path';
// The indexer's PostgreSQL client (a workspace dependency, hoisted to the root node_modules).
import pg from 'pg';

export interface Servers {
  stop(): Promise<void>;
}

function startProcess(root: string, env: Record<string, string>, onOutput: (text: string) => void): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'indexer/src/main.ts')], {
    cwd: root,
    env: { ...process.env, MARQUEE_RPC_CLUSTERS: '', MARQUEE_HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const label = env.MARQUEE_ROLE ? `[${env.MARQUEE_ROLE}:${env.PORT}] ` : '';
  child.stdout!.on('data', (chunk) => onOutput(label + chunk));
  child.stderr!.on('data', (chunk) => onOutput(label + chunk));
  return child;
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  child.kill('SIGINT');
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Forwards each request to the next port in turn. */
function roundRobin(port: number, targets: number[]): Promise<Server> {
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const target = targets[next++ % targets.length];
    const forwarded = request(
      { host: '127.0.0.1', port: target, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', (error) => {
      outgoing.writeHead(502, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify({ message: `proxy: ${error.message}` }));
    });
    // A client that goes away (a closed page's chat stream) ends the upstream request too.
    outgoing.on('close', () => forwarded.destroy());
    incoming.pipe(forwarded);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

export async function startServers(options: {
  root: string;
  port: number;
  dataDir: string;
  onOutput: (text: string) => void;
  /** Settings every process gets (a journey's own, e.g. MARQUEE_VERIFY_ALLOW_LOOPBACK). */
  env?: Record<string, string>;
}): Promise<Servers> {
  const { root, port, dataDir, onOutput } = options;
  let env = options.env ?? {};
  const topology = process.env.E2E_TOPOLOGY;
  if (!topology) {
    const server = startProcess(root, { ...env, PORT: String(port), MARQUEE_DATA_DIR: dataDir }, onOutput);
    return { stop: () => stopProcess(server) };
  }
  if (topology !== 'pg-cluster') throw new Error(`E2E_TOPOLOGY="${topology}" is not one of: pg-cluster`);
  if (!process.env.DATABASE_URL) throw new Error('E2E_TOPOLOGY=pg-cluster needs DATABASE_URL (run under scripts/with-postgres.sh)');
  const database = await createJourneyDatabase(process.env.DATABASE_URL, `marquee_e2e_${port}`);
  // The browser reaches the API processes through the proxy: sign-ins name its origin, not theirs.
  env = { ...env, DATABASE_URL: database.url, MARQUEE_PUBLIC_URL: `http://127.0.0.1:${port}` };
  const [leaderPort, firstApi, secondApi] = [port + 1, port + 2, port + 3];
  // One session secret for the three: a session the browser got from one API process is checked by
  // the other and by the leader (demo actions are forwarded with their cookie).
  const sessionSecret = { MARQUEE_SESSION_SECRET: randomBytes(32).toString('base64url') };
  // The leader first: its first start seeds the demo chain and creates the schema.
  const leader = startProcess(root, { ...env, ...sessionSecret, PORT: String(leaderPort), MARQUEE_DATA_DIR: dataDir, MARQUEE_ROLE: 'indexer' }, onOutput);
  const ready = async () => (await fetch(`http://127.0.0.1:${leaderPort}/api/projects`)).ok;
  for (const deadline = Date.now() + 180_000; !(await ready().catch(() => false)); ) {
    if (Date.now() > deadline) throw new Error('the leader did not start');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const apis = [firstApi, secondApi].map((apiPort) =>
    startProcess(root, { ...env, ...sessionSecret, PORT: String(apiPort), MARQUEE_DATA_DIR: join(dataDir, `api-${apiPort}`), MARQUEE_ROLE: 'api' }, onOutput),
  );
  const proxy = await roundRobin(port, [firstApi, secondApi]);
  return {
    stop: async () => {
      const closed = new Promise<void>((resolve) => proxy.close(() => resolve()));
      proxy.closeAllConnections();
      await closed;
      await Promise.all([...apis, leader].map(stopProcess));
      await database.drop();
    },
  };
}

/**
 * A database of its own for one journey's deployment: the leader lock and the clusters' schemas are
 * per database, so journeys run concurrently (test files in parallel) would otherwise share one
 * leader and one index.
 */
async function createJourneyDatabase(serverUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
