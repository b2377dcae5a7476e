// Leader election over PostgreSQL. Every `indexer`/`all` process campaigns; the one holding the
// advisory lock LEADER_LOCK_KEY leads: it alone ingests, settles and runs the demo chain. The lock
// belongs to one dedicated connection held for as long as the leadership lasts, so it cannot
// outlive its holder: a killed process closes its socket, PostgreSQL ends the session and the lock
// is free for the next standby's poll. The leader checks on the same connection, every poll
// interval, that it still holds the lock; a lost connection or lock is a lost leadership, which the
// caller must treat as fatal (another process may already lead).
//
// The leader also records, in its lock session, the internal URL the API processes forward demo
// actions to (marquee_leader). Readers join it to pg_locks, so a row left by a dead leader is never
// taken for the current one.
import pg from 'pg';
import { LEADER_LOCK_KEY, LEADER_POLL_MS } from '../constants.ts';

export interface ElectionOptions {
  databaseUrl: string;
  lockKey?: number;
  pollMs?: number;
  log?: (message: string) => void;
}

/** Rows of pg_locks for the leader lock held by `pidExpression` (bigint form: classid 0, objid = key, objsubid 1). */
const HELD_LOCK = `SELECT 1 FROM pg_locks k
  WHERE k.locktype = 'advisory' AND k.granted AND k.classid = 0 AND k.objsubid = 1
    AND k.objid::bigint = $1 AND k.database = (SELECT oid FROM pg_database WHERE datname = current_database())`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class LeaderElection {
  private readonly lockKey: number;
  private readonly pollMs: number;
  private readonly log: (message: string) => void;
  private client?: pg.Client;
  private heartbeat?: NodeJS.Timeout;
  private leading = false;
  private stopped = false;
  private readonly lostListeners = new Set<(reason: string) => void>();

  constructor(private readonly options: ElectionOptions) {
    this.lockKey = options.lockKey ?? LEADER_LOCK_KEY;
    this.pollMs = options.pollMs ?? LEADER_POLL_MS;
    this.log = options.log ?? ((message) => console.log(`[leader] ${message}`));
  }

  get isLeader(): boolean {
    return this.leading;
  }

  /** Called once if the leadership is lost after it was won. */
  onLost(listener: (reason: string) => void): () => void {
    this.lostListeners.add(listener);
    return () => this.lostListeners.delete(listener);
  }

  /** Resolves once this process holds the lock (polling every pollMs); rejects if stop() is called first. */
  async campaign(): Promise<void> {
    let waitingSaid = false;
    while (!this.stopped) {
      try {
        this.client ??= await this.connect();
        const { rows } = await this.client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [this.lockKey]);
        if (rows[0].locked) {
          this.leading = true;
          this.watch();
          this.log(`elected (lock ${this.lockKey})`);
          return;
        }
        if (!waitingSaid) this.log(`standing by: another process leads; retrying every ${this.pollMs} ms`);
        waitingSaid = true;
      } catch (error) {
        this.log(`cannot reach PostgreSQL to campaign (${messageOf(error)}); retrying`);
        await this.dropClient();
      }
      await sleep(this.pollMs);
    }
    throw new Error('Leader election stopped before this process was elected');
  }

  /** Records where the other processes reach this leader (in the lock's own session). */
  async register(internalUrl: string): Promise<void> {
    if (!this.leading || !this.client) throw new Error('Only the leader registers its address');
    await this.client.query(
      `CREATE TABLE IF NOT EXISTS marquee_leader (
         lock_key bigint PRIMARY KEY,
         url text NOT NULL,
         backend_pid integer NOT NULL,
         elected_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    await this.client.query(
      `INSERT INTO marquee_leader (lock_key, url, backend_pid) VALUES ($1, $2, pg_backend_pid())
       ON CONFLICT (lock_key) DO UPDATE SET url = excluded.url, backend_pid = excluded.backend_pid, elected_at = now()`,
      [this.lockKey, internalUrl],
    );
  }

  /** Gives the leadership up (unlock, close the session) or stops campaigning. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    const wasLeading = this.leading;
    this.leading = false;
    if (wasLeading && this.client) await this.client.query('SELECT pg_advisory_unlock($1)', [this.lockKey]).catch(() => undefined);
    await this.dropClient();
  }

  private async connect(): Promise<pg.Client> {
    // keepAlive: a leader whose host vanished without closing its socket is noticed by TCP too.
    const client = new pg.Client({ connectionString: this.options.databaseUrl, keepAlive: true, application_name: 'marquee-leader-election' });
    // Errors of an idle connection arrive here; the heartbeat or the next poll acts on them.
    client.on('error', (error) => this.lose(`connection error: ${error.message}`));
    client.on('end', () => this.lose('connection closed'));
    await client.connect();
    return client;
  }

  private watch(): void {
    this.heartbeat = setInterval(async () => {
      try {
        const { rows } = await this.client!.query(`${HELD_LOCK} AND k.pid = pg_backend_pid()`, [this.lockKey]);
        if (rows.length === 0) this.lose('the leader lock is no longer held by this session');
      } catch (error) {
        this.lose(`heartbeat failed: ${messageOf(error)}`);
      }
    }, this.pollMs);
    this.heartbeat.unref();
  }

  private lose(reason: string): void {
    if (!this.leading || this.stopped) return;
    this.leading = false;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.log(`leadership lost: ${reason}`);
    for (const listener of this.lostListeners) listener(reason);
  }

  private async dropClient(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}

/** Where the current leader is reached, read by API processes (cached for ttlMs). */
export class LeaderDirectory {
  private readonly pool: pg.Pool;
  private cached?: { url: string | null; at: number };

  constructor(private readonly options: { databaseUrl: string; lockKey?: number; ttlMs: number }) {
    this.pool = new pg.Pool({ connectionString: options.databaseUrl, max: 2, application_name: 'marquee-leader-directory' });
    this.pool.on('error', () => undefined); // an idle client's error; the next query reconnects
  }

  /** The leader's internal URL, or null while nobody leads (between a leader's death and the next election). */
  async leaderUrl(): Promise<string | null> {
    if (this.cached && Date.now() - this.cached.at < this.options.ttlMs) return this.cached.url;
    let url: string | null = null;
    try {
      const { rows } = await this.pool.query<{ url: string }>(
        `SELECT l.url FROM marquee_leader l WHERE l.lock_key = $1 AND EXISTS (${HELD_LOCK} AND k.pid = l.backend_pid)`,
        [this.options.lockKey ?? LEADER_LOCK_KEY],
      );
      url = rows[0]?.url ?? null;
    } catch (error) {
      // 42P01: no leader has ever registered in this database.
      if ((error as { code?: string }).code !== '42P01') throw error;
    }
    this.cached = { url, at: Date.now() };
    return url;
  }

  /** Forget the cached address (it did not answer). */
  invalidate(): void {
    this.cached = undefined;
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
