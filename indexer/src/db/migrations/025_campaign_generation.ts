// The ad endpoint picks among the servable campaigns on every Play; reading and joining them each
// time is most of an ad's cost, while they change only when a campaign is created, funded, paused,
// settled or closed, or its details are edited. A counter the database itself moves on every write
// to `campaigns` or `campaign_details` (triggers, so no writer — the projector, a rollback, another
// process — can forget it) lets each API process keep the campaigns it read and read them again only
// when the counter moved (db/campaigns.ts servable).
import { sql } from 'kysely';
import type { MarqueeMigration } from '../migrate.ts';

const TABLES = ['campaigns', 'campaign_details'];

export const migration025: MarqueeMigration = {
  name: '025_campaign_generation',
  async up(db, dialect) {
    await db.schema
      .createTable('campaign_generation')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('n', 'bigint', (c) => c.notNull())
      .execute();
    await sql`INSERT INTO campaign_generation (id, n) VALUES (1, 0)`.execute(db);
    if (dialect === 'postgres') {
      await sql`CREATE FUNCTION bump_campaign_generation() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN UPDATE campaign_generation SET n = n + 1 WHERE id = 1; RETURN NULL; END $$`.execute(db);
      for (const table of TABLES) {
        await sql`CREATE TRIGGER ${sql.id(`${table}_generation`)} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
          FOR EACH STATEMENT EXECUTE FUNCTION bump_campaign_generation()`.execute(db);
      }
      return;
    }
    for (const table of TABLES) {
      for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
        const name = `${table}_generation_${event.toLowerCase()}`;
        await sql`CREATE TRIGGER ${sql.id(name)} AFTER ${sql.raw(event)} ON ${sql.table(table)}
          BEGIN UPDATE campaign_generation SET n = n + 1 WHERE id = 1; END`.execute(db);
      }
    }
  },
};
