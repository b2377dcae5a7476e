// The view limits count address groups (015: ip_group, wide_group), never single addresses, so the
// per-address indexes of 001 serve no query any more; each still cost every play and every counted
// view an index write. Dropped.
import type { MarqueeMigration } from '../migrate.ts';

export const migration021: MarqueeMigration = {
  name: '021_view_path_indexes',
  async up(db) {
    await db.schema.dropIndex('views_ip').ifExists().execute();
    await db.schema.dropIndex('play_nonces_ip').ifExists().execute();
  },
};
