// What settle_campaign now bounds on chain, as the index records it: a campaign's maximum spend per
// day (from CampaignCreated) and the batch id of its last settlement (from CampaignSettled), and per
// settlement its batch id and the distribution rent the campaign paid on top of the batch. The
// settlement job matches its own payment by batch id and can keep a batch within the day's cap.
// Rows indexed before this version keep null caps and batch ids (their program had neither).
import type { MarqueeMigration } from '../migrate.ts';
import { INT } from './columns.ts';

export const migration014: MarqueeMigration = {
  name: '014_campaign_settlement_bounds',
  async up(db) {
    await db.schema.alterTable('campaigns').addColumn('max_daily_spend_lamports', INT).execute();
    await db.schema.alterTable('campaigns').addColumn('last_batch_id', INT, (col) => col.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('campaign_settlements').addColumn('batch_id', INT).execute();
    await db.schema.alterTable('campaign_settlements').addColumn('rent_lamports', INT, (col) => col.notNull().defaultTo(0)).execute();
  },
};
