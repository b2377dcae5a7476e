// A view counts only on the website its embed was registered for, compared by origin
// (player/counting.ts). The view report checks that with every other rule in the one statement
// that counts the view (db/views.ts countViewWithinRules), which cannot parse a URL: so each embed
// keeps its registered website's origin beside the URL, computed when the embed is indexed
// (embeds.insertEmbed; null for a URL that has none) and here for the embeds indexed before.
import { originOf } from '../../origin.ts';
import type { MarqueeMigration } from '../migrate.ts';

export const migration028: MarqueeMigration = {
  name: '028_embed_origin',
  async up(db) {
    await db.schema.alterTable('embeds').addColumn('website_origin', 'text').execute();
    const embeds = await db.selectFrom('embeds').select(['id', 'website_url']).execute();
    for (const { id, website_url } of embeds as { id: number; website_url: string }[]) {
      await db.updateTable('embeds').set({ website_origin: originOf(website_url) }).where('id', '=', id).execute();
    }
  },
};
