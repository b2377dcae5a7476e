// The marketplace's server-side search and sorts (GET /api/projects with q/sort/limit/cursor).
// Search matches title, description or directorName case-insensitively; description and director
// live in the metadata JSON, so lower-cased copies of them and of the title become columns both databases can LIKE-match
// (filled from the JSON of the rows already stored). Sorts walk an index each.
import type { MarqueeMigration } from '../migrate.ts';
import { searchFields } from '../metadata-search.ts';

export const migration003: MarqueeMigration = {
  name: '003_project_search',
  async up(db) {
    await db.schema.alterTable('metadata').addColumn('search_description', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('metadata').addColumn('search_director', 'text', (c) => c.notNull().defaultTo('')).execute();
    const rows = await db.selectFrom('metadata').select(['sha256', 'body']).execute();
    for (const row of rows as { sha256: string; body: string }[]) {
      await db.updateTable('metadata').set(searchFields(row.body)).where('sha256', '=', row.sha256).execute();
    }
    await db.schema.createIndex('projects_newest').on('projects').columns(['created_at', 'id']).execute();
    await db.schema.createIndex('projects_deadline').on('projects').columns(['deadline', 'id']).execute();
    // Lower-cased in JS, not with SQL lower(): SQLite's lower() folds ASCII only.
    await db.schema.alterTable('projects').addColumn('search_title', 'text', (c) => c.notNull().defaultTo('')).execute();
    const projects = await db.selectFrom('projects').select(['id', 'title']).execute();
    for (const row of projects as { id: number; title: string }[]) {
      await db.updateTable('projects').set({ search_title: row.title.toLowerCase() }).where('id', '=', row.id).execute();
    }
  },
};
