// The ad market of issue 26: a play records the ad ticket it came with (each ticket buys one play)
// and the address groups it came from (IPv6 /64; IPv4 address and /24), as its counted view does,
// so limits and fair shares count groups rather than addresses; a settlement batch can end
// `failed` with its reason; a transaction the finality pass could not find counts its misses
// before it is rolled back.
import { sql } from 'kysely';
import type { MarqueeMigration } from '../migrate.ts';
import { INT } from './columns.ts';

export const migration015: MarqueeMigration = {
  name: '015_ad_market',
  async up(db) {
    await db.schema.alterTable('play_nonces').addColumn('ticket_id', 'text').execute();
    await db.schema.alterTable('play_nonces').addColumn('ip_group', 'text').execute();
    await db.schema.alterTable('play_nonces').addColumn('wide_group', 'text').execute();
    await db.schema.alterTable('views').addColumn('ip_group', 'text').execute();
    await db.schema.alterTable('views').addColumn('wide_group', 'text').execute();
    // Rows of before keep their address as both groups (the narrowest reading of the old limits).
    await sql`UPDATE play_nonces SET ip_group = ip, wide_group = ip`.execute(db);
    await sql`UPDATE views SET ip_group = ip, wide_group = ip`.execute(db);
    await db.schema.createIndex('play_nonces_ticket').on('play_nonces').column('ticket_id').unique().execute();
    await db.schema.createIndex('play_nonces_ip_group').on('play_nonces').columns(['ip_group', 'issued_at']).execute();
    await db.schema.createIndex('play_nonces_wide_group').on('play_nonces').columns(['wide_group', 'issued_at']).execute();
    await db.schema.createIndex('play_nonces_embed_group').on('play_nonces').columns(['embed', 'wide_group', 'issued_at']).execute();
    await db.schema.createIndex('views_ip_group').on('views').columns(['ip_group', 'counted_at']).execute();
    await db.schema.createIndex('views_wide_group').on('views').columns(['wide_group', 'counted_at']).execute();
    await db.schema.createIndex('views_embed_group').on('views').columns(['embed', 'wide_group', 'counted_at']).execute();
    await db.schema.alterTable('settlement_batches').addColumn('failed_reason', 'text').execute();
    await db.schema.alterTable('settlement_batches').addColumn('failed_at', INT).execute();
    await db.schema.alterTable('transactions').addColumn('finality_misses', INT, (col) => col.notNull().defaultTo(0)).execute();
  },
};
