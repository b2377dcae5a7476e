import { sql } from 'kysely';
import { data, openStore } from '../../indexer/src/index.ts';
import { seed } from './search.ts';
const store = await openStore({ dialect: 'postgres', url: process.env.DATABASE_URL!, schema: 'exp', temporary: true });
await seed(store.db);
await sql`ANALYZE`.execute(store.db);
const r = `(CAST(p.raised_lamports AS DOUBLE PRECISION) / p.goal_lamports)`;
const nowMs = 1_750_000_000_000;
for (const q of ['harbor', 'quokka']) {
  const rows = (await sql.raw(`EXPLAIN ANALYZE SELECT p.id FROM projects p LEFT JOIN studios s ON s.authority=p.studio WHERE p.search_document LIKE '%${q}%' ORDER BY COALESCE(s.verified,0) DESC, ${r} DESC, p.id DESC LIMIT 25`).execute(store.db)).rows as any[];
  console.log(rows.map((x) => x['QUERY PLAN']).join('\n'));
}
for (let round = 0; round < 2; round++)
  for (const q of [undefined, 'harbor', 'quokka', 'director q42', 'en empire', 'lighthouse']) { const t = performance.now(); await data.projects.pageProjects(store.db, { q, status: 'all', nowMs }, 'funding', 24, null); console.log('page', q, (performance.now() - t).toFixed(1)); }
await store.close();
