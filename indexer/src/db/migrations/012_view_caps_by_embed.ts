// The per-embed caps on play nonces and counted views (POST /api/views/nonce and /api/views) count
// an embed's rows of the last window on every play: indexed by embed and time, as the per-IP caps
// are by address and time (001), so the count does not read the embed's whole history.
import type { MarqueeMigration } from '../migrate.ts';

export const migration012: MarqueeMigration = {
  name: '012_view_caps_by_embed',
  async up(db) {
    await db.schema.createIndex('views_embed').on('views').columns(['embed', 'counted_at']).execute();
    await db.schema.createIndex('play_nonces_embed').on('play_nonces').columns(['embed', 'issued_at']).execute();
  },
};
