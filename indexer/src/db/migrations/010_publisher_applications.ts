// The Apply to Publisher Program form (the Advertising page, For Publishers): besides the website and
// contact email its verification already keeps, the website's name, monthly visitors and category,
// kept with the website the application starts verifying. Null for websites asked for elsewhere
// (the Embed Library's form has no such fields).
import type { MarqueeMigration } from '../migrate.ts';

export const migration010: MarqueeMigration = {
  name: '010_publisher_applications',
  async up(db) {
    await db.schema.alterTable('publisher_websites').addColumn('website_name', 'text').execute();
    await db.schema.alterTable('publisher_websites').addColumn('monthly_visitors', 'text').execute();
    await db.schema.alterTable('publisher_websites').addColumn('category', 'text').execute();
  },
};
