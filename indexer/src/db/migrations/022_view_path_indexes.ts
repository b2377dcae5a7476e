// Every play and every counted view writes one entry in each index of its table, so the view path
// keeps only the indexes its reads use. The limits count address groups (015), never single
// addresses: the per-address indexes of 001 serve no query. An embed's use in the window (its rows,
// how many groups, one group's rows) is read from one index by embed and time that carries the
// group, in place of the two of 012 and 015 (embed, time) and (embed, group, time); its prefix
// still serves every read by embed and time.
import type { MarqueeMigration } from '../migrate.ts';

export const migration022: MarqueeMigration = {
  name: '022_view_path_indexes',
  async up(db) {
    for (const index of ['views_ip', 'play_nonces_ip', 'views_embed', 'play_nonces_embed', 'views_embed_group', 'play_nonces_embed_group']) {
      await db.schema.dropIndex(index).ifExists().execute();
    }
    await db.schema.createIndex('views_embed_window').on('views').columns(['embed', 'counted_at', 'wide_group']).execute();
    await db.schema.createIndex('play_nonces_embed_window').on('play_nonces').columns(['embed', 'issued_at', 'wide_group']).execute();
  },
};
