// Indexes the read paths of the busiest list endpoints lacked (measured by `npm run bench`):
// - every project list joins its studio by the authority wallet the program records; without an
//   index SQLite built a temporary one on every request (its plan said AUTOMATIC COVERING INDEX)
//   and PostgreSQL hashed the whole studios table;
// - an investor's distributions each name the position's latest investment (max id per project
//   and investor), which read every investment of the film and filtered them by investor.
import type { MarqueeMigration } from '../migrate.ts';

export const migration013: MarqueeMigration = {
  name: '013_read_path_indexes',
  async up(db) {
    await db.schema.createIndex('studios_authority').on('studios').column('authority').execute();
    await db.schema.createIndex('investments_position').on('investments').columns(['project_id', 'investor', 'id']).execute();
  },
};
