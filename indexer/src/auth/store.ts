// The sign-in nonces: issued by the server, consumed once. The only state sign-in keeps (sessions
// are signed cookies), behind a two-call interface so it can move to another database layer; the
// SQLite file in the data folder is shared by every API process on that folder.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export type NonceOutcome = 'ok' | 'unknown' | 'expired';

export interface AuthStore {
  issueNonce(nonce: string, expiresAtMs: number, nowMs: number): void;
  /** Consumes a nonce: 'ok' the first time while unexpired; 'unknown' if never issued or already used. */
  consumeNonce(nonce: string, nowMs: number): NonceOutcome;
  close(): void;
}

export const AUTH_DATABASE_FILE = 'auth.db';

/** `dataDir` ':memory:' keeps the nonces in this process only (tests). */
export function openAuthStore(dataDir: string): AuthStore {
  let path = ':memory:';
  if (dataDir !== ':memory:') {
    mkdirSync(dataDir, { recursive: true });
    path = join(dataDir, AUTH_DATABASE_FILE);
  }
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.exec('CREATE TABLE IF NOT EXISTS auth_nonces (nonce TEXT PRIMARY KEY, expires_at INTEGER NOT NULL)');
  const insert = db.prepare('INSERT INTO auth_nonces (nonce, expires_at) VALUES (?, ?)');
  const purge = db.prepare('DELETE FROM auth_nonces WHERE expires_at <= ?');
  const take = db.prepare('DELETE FROM auth_nonces WHERE nonce = ? RETURNING expires_at');
  return {
    issueNonce(nonce, expiresAtMs, nowMs) {
      purge.run(nowMs);
      insert.run(nonce, expiresAtMs);
    },
    consumeNonce(nonce, nowMs) {
      // Deleting is the consumption: of two concurrent sign-ins with one nonce only one gets the row.
      const row = take.get(nonce) as { expires_at: number } | undefined;
      if (!row) return 'unknown';
      return row.expires_at > nowMs ? 'ok' : 'expired';
    },
    close: () => db.close(),
  };
}
