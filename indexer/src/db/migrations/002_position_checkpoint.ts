// The revenue-per-share value at which the program last settled an investor's position (its
// Investment.revenue_per_share_checkpoint: set by invest and by claim_revenue). An investor's part
// of a distribution is measured from it, so the parts add up to exactly what the program pays.
import type { MarqueeMigration } from '../migrate.ts';

export const migration002: MarqueeMigration = {
  name: '002_position_checkpoint',
  async up(db) {
    await db.schema
      .alterTable('positions')
      .addColumn('revenue_checkpoint', 'text', (c) => c.notNull().defaultTo('0'))
      .execute();
  },
};
