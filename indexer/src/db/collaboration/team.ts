// A hub's team: the members the studio named, in the order it named them.
import type { Selectable } from 'kysely';
import type { Executor } from '../executor.ts';
import { keyColumn, mapPage, ordered, readPage, type KeysetOrder, type KeysetPage, type Paged } from '../keyset.ts';
import type { TeamMembersTable } from '../schema.ts';

export interface TeamMember {
  id: number;
  name: string;
  role: string;
  avatarUrl: string | null;
}

/**
 * A hub's team in the order it was named (by id). The listed director the hub shows first has id 0,
 * before every member, so a cursor after it continues with the first member.
 */
export const TEAM_ORDER: KeysetOrder<{ id: number }> = {
  name: 'team',
  columns: [keyColumn('id', 'integer')],
  descending: false,
  keyOf: (member) => [Number(member.id)],
};

const teamMember = (row: Selectable<TeamMembersTable>): TeamMember => ({ id: Number(row.id), name: row.name, role: row.role, avatarUrl: row.avatar_url });
const teamQuery = (db: Executor, projectId: number) => db.selectFrom('team_members').selectAll().where('project_id', '=', projectId);

export async function listTeam(db: Executor, projectId: number): Promise<TeamMember[]> {
  return (await ordered(teamQuery(db, projectId), TEAM_ORDER).execute()).map(teamMember);
}

/** One page of listTeam. */
export async function pageTeam(db: Executor, projectId: number, page: KeysetPage): Promise<Paged<TeamMember>> {
  // The order reads only the id, which the table's rows and the shaped members share.
  return mapPage(await readPage(teamQuery(db, projectId), TEAM_ORDER as KeysetOrder<Selectable<TeamMembersTable>>, page), teamMember);
}

/** Whether the studio named a member `name` (the listed director then does not lead the team). */
export async function hasTeamMemberNamed(db: Executor, projectId: number, name: string): Promise<boolean> {
  return (await teamQuery(db, projectId).where('name', '=', name).executeTakeFirst()) !== undefined;
}

export async function insertTeamMember(
  db: Executor,
  input: { projectId: number; name: string; role: string; avatarUrl?: string; now: number },
): Promise<TeamMember> {
  const { id } = await db
    .insertInto('team_members')
    .values({ project_id: input.projectId, name: input.name, role: input.role, avatar_url: input.avatarUrl ?? null, created_at: input.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(id), name: input.name, role: input.role, avatarUrl: input.avatarUrl ?? null };
}

export async function deleteTeamMember(db: Executor, projectId: number, memberId: number): Promise<boolean> {
  const result = await db.deleteFrom('team_members').where('project_id', '=', projectId).where('id', '=', memberId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
