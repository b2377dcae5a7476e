// A counted view writes one entry in each index of `views`, the most of what its insert costs. The
// limits' two address-group counts (player/view-limits.ts) are read from one index instead of two:
// a tight group (IPv4 address, IPv6 /64) always lies inside its loose group (the /24, or the same
// /64), so both are a range of (wide_group, counted_at, ip_group): the loose group's window, and
// within it the tight group's entries. The range is short — a loose group holds at most its cap of
// counted views in a window — and the index covers both counts.
import type { MarqueeMigration } from '../migrate.ts';

export const migration029: MarqueeMigration = {
  name: '029_view_group_index',
  async up(db) {
    await db.schema.createIndex('views_group_window').on('views').columns(['wide_group', 'counted_at', 'ip_group']).execute();
    await db.schema.dropIndex('views_ip_group').execute();
    await db.schema.dropIndex('views_wide_group').execute();
  },
};
