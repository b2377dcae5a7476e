// A hub's updates: the studio's posts, newest first, read whole or a page at a time.
import type { Executor, QueryRow } from '../executor.ts';
import { newestFirst, mapPage, ordered, readPage, type KeysetPage, type Paged } from '../keyset.ts';
import { shortAddress } from '../users.ts';
import { iso } from './hub.ts';

export interface ProjectUpdate {
  id: number;
  title: string;
  description: string;
  date: string;
  author: string;
}

function updateQuery(db: Executor) {
  return db
    .selectFrom('project_updates as p')
    .leftJoin('users as u', 'u.wallet_address', 'p.author_wallet')
    .select(['p.id', 'p.title', 'p.description', 'p.created_at', 'p.author_wallet', 'u.username']);
}

type UpdateRow = QueryRow<typeof updateQuery>;

/** Newest first; the id breaks ties. */
export const UPDATE_ORDER = newestFirst<UpdateRow>('updates', 'p.created_at', 'p.id');

export async function listUpdates(db: Executor, projectId: number): Promise<ProjectUpdate[]> {
  return (await ordered(updateQuery(db).where('p.project_id', '=', projectId), UPDATE_ORDER).execute()).map(projectUpdate);
}

/** One page of listUpdates. */
export async function pageUpdates(db: Executor, projectId: number, page: KeysetPage): Promise<Paged<ProjectUpdate>> {
  return mapPage(await readPage(updateQuery(db).where('p.project_id', '=', projectId), UPDATE_ORDER, page), projectUpdate);
}

function projectUpdate(row: UpdateRow): ProjectUpdate {
  return {
    id: Number(row.id),
    title: row.title,
    description: row.description,
    date: iso(Number(row.created_at)),
    author: row.username ?? shortAddress(row.author_wallet),
  };
}

export async function insertUpdate(
  db: Executor,
  input: { projectId: number; wallet: string; title: string; description: string; now: number },
): Promise<ProjectUpdate> {
  const { id } = await db
    .insertInto('project_updates')
    .values({ project_id: input.projectId, title: input.title, description: input.description, author_wallet: input.wallet, created_at: input.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await listUpdates(db, input.projectId)).find((update) => update.id === Number(id))!;
}
