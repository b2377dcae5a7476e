// Advertising campaigns: the campaigns projected from the Campaign* events, one row per
// settled batch (the dashboard's series and by-film figures), the advertiser's off-chain request
// details, and the campaign that served each play and counted view (null: the house ad, which
// pays nothing and is never settled).
import type { MarqueeMigration } from '../migrate.ts';
import { INT, withId } from './columns.ts';

export const migration009: MarqueeMigration = {
  name: '009_campaigns',
  async up(db, dialect) {
    await db.schema
      .createTable('campaigns')
      .addColumn('address', 'text', (c) => c.primaryKey())
      .addColumn('advertiser', 'text', (c) => c.notNull())
      // u64 ids and the u64 genre bitmask as decimal text: bit 63 does not fit a signed bigint.
      .addColumn('campaign_id', 'text', (c) => c.notNull())
      .addColumn('ad_type', 'text', (c) => c.notNull())
      .addColumn('price_per_mille_lamports', INT, (c) => c.notNull())
      .addColumn('sponsored_project', 'text')
      .addColumn('budget_lamports', INT, (c) => c.notNull())
      .addColumn('spent_lamports', INT, (c) => c.notNull().defaultTo(0))
      .addColumn('impressions', INT, (c) => c.notNull().defaultTo(0))
      .addColumn('creative_uri', 'text', (c) => c.notNull())
      .addColumn('creative_hash', 'text', (c) => c.notNull())
      .addColumn('target_genres', 'text', (c) => c.notNull())
      .addColumn('start_at', INT, (c) => c.notNull())
      .addColumn('end_at', INT, (c) => c.notNull())
      .addColumn('created_at', INT, (c) => c.notNull())
      .addColumn('paused', INT, (c) => c.notNull().defaultTo(0))
      .addColumn('closed_at', INT)
      .addColumn('refunded_lamports', INT)
      .addColumn('signature', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('campaigns_advertiser').on('campaigns').columns(['advertiser', 'created_at']).execute();
    // The ad server's lookup: campaigns of one type still running.
    await db.schema.createIndex('campaigns_serving').on('campaigns').columns(['ad_type', 'end_at']).execute();

    await withId(db.schema.createTable('campaign_settlements'), dialect)
      .addColumn('campaign', 'text', (c) => c.notNull().references('campaigns.address'))
      .addColumn('project_id', INT, (c) => c.notNull().references('projects.id'))
      .addColumn('distribution', 'text', (c) => c.notNull())
      .addColumn('impressions', INT, (c) => c.notNull())
      .addColumn('amount_lamports', INT, (c) => c.notNull())
      .addColumn('settled_at', INT, (c) => c.notNull())
      .addColumn('signature', 'text', (c) => c.notNull())
      .addUniqueConstraint('campaign_settlements_distribution', ['distribution'])
      .execute();
    await db.schema.createIndex('campaign_settlements_campaign').on('campaign_settlements').columns(['campaign', 'settled_at']).execute();

    // Written by the advertiser (PUT /api/campaigns/{address}/details) and the demo: not projected,
    // so a replay of the event log keeps them.
    await db.schema
      .createTable('campaign_details')
      .addColumn('campaign', 'text', (c) => c.primaryKey())
      .addColumn('company_name', 'text')
      .addColumn('email', 'text')
      .addColumn('website', 'text')
      .addColumn('target_audience', 'text')
      .addColumn('monthly_budget_usd', 'double precision')
      /** image | video, when the server checked the creative (an upload of its own store). */
      .addColumn('creative_kind', 'text')
      /** The demo's house campaign: pays for test revenue, never served as an ad. */
      .addColumn('house', INT, (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', INT, (c) => c.notNull())
      .execute();

    await db.schema.alterTable('play_nonces').addColumn('campaign', 'text').execute();
    await db.schema.alterTable('views').addColumn('campaign', 'text').execute();
    // Why a counted view will never be settled (the house ad's, or beyond its campaign's budget).
    await db.schema.alterTable('views').addColumn('unsettled_reason', 'text').execute();
    // Settlement groups unbatched views by film and campaign.
    await db.schema.createIndex('views_unbatched_campaign').on('views').columns(['batch_id', 'project_id', 'campaign']).execute();
    await db.schema.alterTable('settlement_batches').addColumn('campaign', 'text').execute();
    await db.schema.alterTable('settlement_batches').addColumn('impressions', INT).execute();
  },
};
