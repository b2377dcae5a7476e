// A film's metadata edits go on chain (update_project_metadata, projected into projects.metadata_uri
// and metadata_hash), so the off-chain pointer of 006 is gone: the chain's hash is the one source of
// truth, and the event log keeps every earlier document's hash. An edit saved only off chain before
// this version shows the listed metadata again until its studio saves it once more.
import type { MarqueeMigration } from '../migrate.ts';

export const migration008: MarqueeMigration = {
  name: '008_metadata_on_chain',
  async up(db) {
    await db.schema.dropTable('listing_edits').ifExists().execute();
  },
};
