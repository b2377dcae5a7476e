// The indexer schema, one database (SQLite) or schema (PostgreSQL) per cluster. Chain data is the
// append-only `events` log (the idempotence key is signature + instruction index + event index)
// plus tables projected from it in per-stream seq order; off-chain data (users, metadata, views,
// settlement batches) lives beside it. Port of the former migrations/001_initial.sql.
import { sql } from 'kysely';
import type { MarqueeMigration } from '../migrate.ts';
import { INT, withId } from './columns.ts';

export const migration001: MarqueeMigration = {
  name: '001_initial',
  async up(db, dialect) {
    const s = db.schema;
    await s
      .createTable('transactions')
      .addColumn('signature', 'text', (c) => c.primaryKey())
      .addColumn('slot', INT, (c) => c.notNull())
      .addColumn('block_time', INT)
      .addColumn('failed', INT, (c) => c.notNull().defaultTo(0))
      .addColumn('event_count', INT, (c) => c.notNull())
      .addColumn('ingested_at', INT, (c) => c.notNull())
      .execute();

    await s
      .createTable('events')
      .addColumn('signature', 'text', (c) => c.notNull())
      .addColumn('ix_index', INT, (c) => c.notNull())
      .addColumn('event_index', INT, (c) => c.notNull())
      .addColumn('slot', INT, (c) => c.notNull())
      .addColumn('block_time', INT)
      .addColumn('name', 'text', (c) => c.notNull())
      // the seq stream: a project address, or 'platform' for platform-wide events
      .addColumn('stream', 'text', (c) => c.notNull())
      .addColumn('seq', INT, (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('applied', INT, (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('events_pkey', ['signature', 'ix_index', 'event_index'])
      .execute();
    await s.createIndex('events_pending').on('events').columns(['stream', 'seq']).where(sql.ref('applied'), '=', 0).execute();
    await s.createIndex('events_stream').on('events').columns(['stream', 'seq']).execute();

    // next seq expected per stream (absent: the stream's first event has not been applied yet)
    await s
      .createTable('streams')
      .addColumn('stream', 'text', (c) => c.primaryKey())
      .addColumn('next_seq', INT, (c) => c.notNull())
      .execute();

    // backfill cursors: the newest signature below which everything is ingested
    await s
      .createTable('cursors')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('signature', 'text', (c) => c.notNull())
      .addColumn('slot', INT, (c) => c.notNull())
      .addColumn('updated_at', INT, (c) => c.notNull())
      .execute();

    await s
      .createTable('platform')
      .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn('admin', 'text', (c) => c.notNull())
      .addColumn('treasury', 'text', (c) => c.notNull())
      .addColumn('settlement_authority', 'text', (c) => c.notNull())
      .addColumn('publisher_bps', INT, (c) => c.notNull())
      .addColumn('investor_bps', INT, (c) => c.notNull())
      .addColumn('platform_bps', INT, (c) => c.notNull())
      .addColumn('min_investment_lamports', INT, (c) => c.notNull())
      .addColumn('unverified_funding_cap_lamports', INT, (c) => c.notNull())
      .addColumn('verified_funding_cap_lamports', INT, (c) => c.notNull())
      .addColumn('updated_at', INT, (c) => c.notNull())
      .execute();

    await withId(s.createTable('users'), dialect)
      .addColumn('wallet_address', 'text', (c) => c.notNull().unique())
      // the address that signs on this cluster: the wallet itself, or its demo keypair on the demo chain
      .addColumn('chain_address', 'text', (c) => c.notNull().unique())
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('is_studio', INT, (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', INT, (c) => c.notNull())
      .execute();

    await withId(s.createTable('studios'), dialect)
      .addColumn('address', 'text', (c) => c.notNull().unique())
      .addColumn('authority', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('verified', INT, (c) => c.notNull().defaultTo(0))
      .addColumn('funding_cap_lamports', INT)
      .addColumn('registered_at', INT, (c) => c.notNull())
      .addColumn('signature', 'text', (c) => c.notNull())
      .execute();

    await s
      .createTable('projects')
      // the on-chain project_id
      .addColumn('id', dialect === 'sqlite' ? 'integer' : 'bigint', (c) => c.primaryKey())
      .addColumn('address', 'text', (c) => c.notNull().unique())
      .addColumn('studio', 'text', (c) => c.notNull())
      .addColumn('share_mint', 'text', (c) => c.notNull())
      .addColumn('vault', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('metadata_uri', 'text', (c) => c.notNull())
      .addColumn('metadata_hash', 'text', (c) => c.notNull())
      .addColumn('goal_lamports', INT, (c) => c.notNull())
      .addColumn('raised_lamports', INT, (c) => c.notNull().defaultTo(0))
      .addColumn('total_shares', INT, (c) => c.notNull().defaultTo(0))
      .addColumn('investor_count', INT, (c) => c.notNull().defaultTo(0))
      .addColumn('deadline', INT, (c) => c.notNull())
      .addColumn('created_at', INT, (c) => c.notNull())
      .addColumn('funded_at', INT)
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('funding'))
      .addColumn('funds_released', INT, (c) => c.notNull().defaultTo(0))
      .addColumn('license_signature', 'text')
      .addColumn('revenue_per_share', 'text', (c) => c.notNull().defaultTo('0'))
      .addColumn('total_revenue_lamports', INT, (c) => c.notNull().defaultTo(0))
      .addColumn('total_views', INT, (c) => c.notNull().defaultTo(0))
      .addColumn('signature', 'text', (c) => c.notNull())
      .execute();
    await s.createIndex('projects_studio').on('projects').column('studio').execute();

    // one row per Invested event (the spec's Investment)
    await withId(s.createTable('investments'), dialect)
      .addColumn('project_id', INT, (c) => c.notNull().references('projects.id'))
      .addColumn('investor', 'text', (c) => c.notNull())
      .addColumn('amount_lamports', INT, (c) => c.notNull())
      .addColumn('shares_minted', INT, (c) => c.notNull())
      .addColumn('goal_lamports', INT, (c) => c.notNull())
      .addColumn('created_at', INT, (c) => c.notNull())
      .addColumn('signature', 'text', (c) => c.notNull())
      .addColumn('ix_index', INT, (c) => c.notNull())
      .addColumn('event_index', INT, (c) => c.notNull())
      .addUniqueConstraint('investments_event', ['signature', 'ix_index', 'event_index'])
      .execute();
    await s.createIndex('investments_investor').on('investments').column('investor').execute();
    await s.createIndex('investments_project').on('investments').column('project_id').execute();

    // an investor's current holding in a project
    await s
      .createTable('positions')
      .addColumn('project_id', INT, (c) => c.notNull().references('projects.id'))
      .addColumn('investor', 'text', (c) => c.notNull())
      .addColumn('lamports', INT, (c) => c.notNull())
      .addColumn('shares', INT, (c) => c.notNull())
      .addPrimaryKeyConstraint('positions_pkey', ['project_id', 'investor'])
      .execute();

    await withId(s.createTable('refunds'), dialect)
      .addColumn('project_id', INT, (c) => c.notNull().references('projects.id'))
      .addColumn('investor', 'text', (c) => c.notNull())
      .addColumn('amount_lamports', INT, (c) => c.notNull())
      .addColumn('shares_burned', INT, (c) => c.notNull())
      .addColumn('refunded_at', INT, (c) => c.notNull())
      .addColumn('signature', 'text', (c) => c.notNull())
      .execute();

    await withId(s.createTable('embeds'), dialect)
      .addColumn('address', 'text', (c) => c.notNull().unique())
      .addColumn('project_id', INT, (c) => c.notNull().references('projects.id'))
      .addColumn('publisher', 'text', (c) => c.notNull())
      .addColumn('embed_id', 'text', (c) => c.notNull())
      .addColumn('website_url', 'text', (c) => c.notNull())
      .addColumn('total_views', INT, (c) => c.notNull().defaultTo(0))
      .addColumn('earned_lamports', INT, (c) => c.notNull().defaultTo(0))
      .addColumn('claimed_lamports', INT, (c) => c.notNull().defaultTo(0))
      .addColumn('registered_at', INT, (c) => c.notNull())
      .addColumn('signature', 'text', (c) => c.notNull())
      .addUniqueConstraint('embeds_project_embed', ['project_id', 'embed_id'])
      .execute();

    await withId(s.createTable('distributions'), dialect)
      .addColumn('project_id', INT, (c) => c.notNull().references('projects.id'))
      .addColumn('idx', INT, (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('total_lamports', INT, (c) => c.notNull())
      .addColumn('publisher_lamports', INT, (c) => c.notNull())
      .addColumn('investor_lamports', INT, (c) => c.notNull())
      .addColumn('platform_lamports', INT, (c) => c.notNull())
      .addColumn('total_views', INT, (c) => c.notNull())
      .addColumn('total_shares', INT, (c) => c.notNull())
      .addColumn('revenue_per_share_before', 'text', (c) => c.notNull())
      .addColumn('revenue_per_share_after', 'text', (c) => c.notNull())
      .addColumn('distributed_at', INT, (c) => c.notNull())
      .addColumn('signature', 'text', (c) => c.notNull())
      .addUniqueConstraint('distributions_project_idx', ['project_id', 'idx'])
      .execute();

    await s
      .createTable('distribution_embeds')
      .addColumn('distribution_id', INT, (c) => c.notNull().references('distributions.id'))
      .addColumn('embed', 'text', (c) => c.notNull())
      .addColumn('views', INT, (c) => c.notNull())
      .addColumn('amount_lamports', INT, (c) => c.notNull())
      .addPrimaryKeyConstraint('distribution_embeds_pkey', ['distribution_id', 'embed'])
      .execute();

    // the spec's revenue distribution row for a user: one distribution x one investor
    await withId(s.createTable('investor_distributions'), dialect)
      .addColumn('distribution_id', INT, (c) => c.notNull().references('distributions.id'))
      .addColumn('project_id', INT, (c) => c.notNull().references('projects.id'))
      .addColumn('investor', 'text', (c) => c.notNull())
      .addColumn('shares', INT, (c) => c.notNull())
      .addColumn('amount_lamports', INT, (c) => c.notNull())
      .addColumn('claimed', INT, (c) => c.notNull().defaultTo(0))
      .addColumn('claim_signature', 'text')
      .addUniqueConstraint('investor_distributions_unique', ['distribution_id', 'investor'])
      .execute();
    await s.createIndex('investor_distributions_investor').on('investor_distributions').columns(['investor', 'claimed']).execute();

    await withId(s.createTable('revenue_claims'), dialect)
      .addColumn('project_id', INT, (c) => c.notNull().references('projects.id'))
      .addColumn('investor', 'text', (c) => c.notNull())
      .addColumn('amount_lamports', INT, (c) => c.notNull())
      .addColumn('claimed_at', INT, (c) => c.notNull())
      .addColumn('signature', 'text', (c) => c.notNull())
      .execute();
    await s.createIndex('revenue_claims_investor').on('revenue_claims').column('investor').execute();

    await withId(s.createTable('publisher_claims'), dialect)
      .addColumn('embed', 'text', (c) => c.notNull())
      .addColumn('publisher', 'text', (c) => c.notNull())
      .addColumn('amount_lamports', INT, (c) => c.notNull())
      .addColumn('claimed_at', INT, (c) => c.notNull())
      .addColumn('signature', 'text', (c) => c.notNull())
      .execute();

    // off-chain project metadata, content-addressed by the sha256 that create_project stores
    await s
      .createTable('metadata')
      .addColumn('sha256', 'text', (c) => c.primaryKey())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', INT, (c) => c.notNull())
      .execute();

    await s
      .createTable('play_nonces')
      .addColumn('nonce', 'text', (c) => c.primaryKey())
      .addColumn('embed', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('issued_at', INT, (c) => c.notNull())
      .addColumn('used_at', INT)
      .execute();

    await withId(s.createTable('settlement_batches'), dialect)
      .addColumn('project_id', INT, (c) => c.notNull().references('projects.id'))
      .addColumn('expected_index', INT, (c) => c.notNull())
      .addColumn('amount_lamports', INT, (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending')) // pending | settled
      .addColumn('signature', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', INT, (c) => c.notNull())
      .addColumn('settled_at', INT)
      .execute();

    await withId(s.createTable('views'), dialect)
      .addColumn('project_id', INT, (c) => c.notNull().references('projects.id'))
      .addColumn('embed', 'text', (c) => c.notNull())
      .addColumn('nonce', 'text', (c) => c.notNull().unique().references('play_nonces.nonce'))
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('counted_at', INT, (c) => c.notNull())
      .addColumn('batch_id', INT, (c) => c.references('settlement_batches.id'))
      .execute();
    await s.createIndex('views_ip').on('views').columns(['ip', 'counted_at']).execute();
    await s.createIndex('views_unbatched').on('views').column('project_id').where(sql.ref('batch_id'), 'is', null).execute();
    await s.createIndex('play_nonces_ip').on('play_nonces').columns(['ip', 'issued_at']).execute();
  },
};
