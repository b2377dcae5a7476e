// The collaboration aggregate: every read and write of a project's hub (chat, updates, polls and
// votes, team) and the indexed facts it shows beside them (top investors, counts, the wallet's hubs).
// Off-chain rows of migration 005, the same queries on SQLite and PostgreSQL.
import { TOP_INVESTORS_LIMIT } from '../constants.ts';
import type { Selectable } from 'kysely';
import { inTransaction, type Executor } from './executor.ts';
import { keyColumn, mapPage, ordered, readPage, type KeysetOrder, type KeysetPage, type Paged } from './keyset.ts';
import type { PollsTable, TeamMembersTable } from './schema.ts';
import { signerOfWallet } from './publishers.ts';
import { shortAddress } from './users.ts';

const iso = (ms: number) => new Date(ms).toISOString();

// ---- identity ---------------------------------------------------------------------------------

/**
 * The addresses a wallet acts as on this cluster: itself, and on the demo chain the demo keypair
 * that signs for it (the users row links them).
 */
export async function addressesOf(db: Executor, wallet: string): Promise<string[]> {
  const signer = await signerOfWallet(db, wallet);
  return signer === wallet ? [wallet] : [wallet, signer];
}

export interface HubProject {
  id: number;
  title: string;
  studio: string;
  status: string;
  totalShares: number;
}

export async function hubProject(db: Executor, projectId: number): Promise<HubProject | undefined> {
  const row = await db
    .selectFrom('projects')
    .select(['id', 'title', 'studio', 'status', 'total_shares'])
    .where('id', '=', projectId)
    .executeTakeFirst();
  return row && { id: row.id, title: row.title, studio: row.studio, status: row.status, totalShares: Number(row.total_shares) };
}

/** The studio of a project is the wallet whose authority created it on chain. */
export async function isStudioOf(db: Executor, project: HubProject, wallet: string): Promise<boolean> {
  return (await addressesOf(db, wallet)).includes(project.studio);
}

// ---- chat -------------------------------------------------------------------------------------

export interface ChatMessage {
  id: number;
  projectId: number;
  sender: string;
  senderId: string;
  text: string;
  timestamp: string;
  attachment: { type: 'link'; url: string; title: string } | null;
}

function messageQuery(db: Executor) {
  return db
    .selectFrom('chat_messages as m')
    .leftJoin('users as u', 'u.wallet_address', 'm.sender_wallet')
    .select(['m.id', 'm.project_id', 'm.sender_wallet', 'm.text', 'm.attachment_url', 'm.attachment_title', 'm.created_at', 'u.username']);
}

type MessageRow = Awaited<ReturnType<ReturnType<typeof messageQuery>['execute']>>[number];

function messageShape(row: MessageRow): ChatMessage {
  return {
    id: Number(row.id),
    projectId: Number(row.project_id),
    sender: row.username ?? shortAddress(row.sender_wallet),
    senderId: row.sender_wallet,
    text: row.text,
    timestamp: iso(Number(row.created_at)),
    attachment: row.attachment_url ? { type: 'link', url: row.attachment_url, title: row.attachment_title ?? row.attachment_url } : null,
  };
}

/** The newest `limit` messages of a project after `afterId`, oldest first. */
export async function listMessages(db: Executor, projectId: number, afterId: number, limit: number): Promise<ChatMessage[]> {
  const rows = await messageQuery(db)
    .where('m.project_id', '=', projectId)
    .where('m.id', '>', afterId)
    .orderBy('m.id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map(messageShape);
}

/** Messages of every project with an id above `afterId` or written since `sinceMs` (the live feed's read). */
export async function recentMessages(db: Executor, afterId: number, sinceMs: number): Promise<ChatMessage[]> {
  const rows = await messageQuery(db)
    .where((eb) => eb.or([eb('m.id', '>', afterId), eb('m.created_at', '>=', sinceMs)]))
    .orderBy('m.id')
    .execute();
  return rows.map(messageShape);
}

export async function newestMessageId(db: Executor): Promise<number> {
  const row = await db.selectFrom('chat_messages').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return Number(row?.id ?? 0);
}

export async function insertMessage(
  db: Executor,
  input: { projectId: number; wallet: string; text: string; attachment?: { url: string; title?: string }; now: number },
): Promise<ChatMessage> {
  const { id } = await db
    .insertInto('chat_messages')
    .values({
      project_id: input.projectId,
      sender_wallet: input.wallet,
      text: input.text,
      attachment_url: input.attachment?.url ?? null,
      attachment_title: input.attachment ? input.attachment.title || input.attachment.url : null,
      created_at: input.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return messageShape((await messageQuery(db).where('m.id', '=', Number(id)).executeTakeFirstOrThrow()));
}

// ---- updates ----------------------------------------------------------------------------------

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

type UpdateRow = Awaited<ReturnType<ReturnType<typeof updateQuery>['executeTakeFirstOrThrow']>>;

/** Newest first; the id breaks ties. */
export const UPDATE_ORDER: KeysetOrder<UpdateRow> = {
  name: 'updates',
  columns: [keyColumn('p.created_at', 'integer'), keyColumn('p.id', 'integer')],
  descending: true,
  keyOf: (row) => [Number(row.created_at), Number(row.id)],
};

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

// ---- polls ------------------------------------------------------------------------------------

export interface Poll {
  id: number;
  question: string;
  options: { id: number; text: string; votes: number }[];
  totalVotes: number;
  status: 'active' | 'closed';
  endDate: string;
  myVote: number | null;
}

export const pollIsOpen = (endsAtMs: number, nowMs: number) => endsAtMs > nowMs;

/** Newest first; the id breaks ties. */
export const POLL_ORDER: KeysetOrder<Selectable<PollsTable>> = {
  name: 'polls',
  columns: [keyColumn('created_at', 'integer'), keyColumn('id', 'integer')],
  descending: true,
  keyOf: (row) => [Number(row.created_at), Number(row.id)],
};

function pollQuery(db: Executor, filter: { projectId?: number; pollId?: number }) {
  let query = db.selectFrom('polls').selectAll();
  if (filter.projectId !== undefined) query = query.where('project_id', '=', filter.projectId);
  if (filter.pollId !== undefined) query = query.where('id', '=', filter.pollId);
  return query;
}

async function pollsWhere(db: Executor, filter: { projectId?: number; pollId?: number }, wallet: string | null, now: number): Promise<Poll[]> {
  return withTallies(db, await ordered(pollQuery(db, filter), POLL_ORDER).execute(), wallet, now);
}

/** One page of a film's polls, with their tallies. */
export async function pagePolls(db: Executor, projectId: number, wallet: string | null, now: number, page: KeysetPage): Promise<Paged<Poll>> {
  const polls = await readPage(pollQuery(db, { projectId }), POLL_ORDER, page);
  return { rows: await withTallies(db, polls.rows, wallet, now), next: polls.next };
}

/** Polls with their options' votes and the wallet's own vote. */
async function withTallies(db: Executor, polls: Selectable<PollsTable>[], wallet: string | null, now: number): Promise<Poll[]> {
  if (polls.length === 0) return [];
  const pollIds = polls.map((poll) => Number(poll.id));
  const options = await db
    .selectFrom('poll_options as o')
    .leftJoin('poll_votes as v', 'v.option_id', 'o.id')
    .select(['o.id', 'o.poll_id', 'o.position', 'o.text', (eb) => eb.fn.count<string>('v.wallet').as('votes')])
    .where('o.poll_id', 'in', pollIds)
    .groupBy(['o.id', 'o.poll_id', 'o.position', 'o.text'])
    .orderBy('o.position')
    .execute();
  const mine = wallet
    ? await db.selectFrom('poll_votes').select(['poll_id', 'option_id']).where('poll_id', 'in', pollIds).where('wallet', '=', wallet).execute()
    : [];
  return polls.map((poll) => {
    const own = options
      .filter((option) => Number(option.poll_id) === Number(poll.id))
      .map((option) => ({ id: Number(option.id), text: option.text, votes: Number(option.votes) }));
    return {
      id: Number(poll.id),
      question: poll.question,
      options: own,
      totalVotes: own.reduce((sum, option) => sum + option.votes, 0),
      status: pollIsOpen(Number(poll.ends_at), now) ? 'active' : 'closed',
      endDate: iso(Number(poll.ends_at)),
      myVote: mine.find((vote) => Number(vote.poll_id) === Number(poll.id))?.option_id ?? null,
    };
  });
}

export const listPolls = (db: Executor, projectId: number, wallet: string | null, now: number) =>
  pollsWhere(db, { projectId }, wallet, now);

export async function getPoll(db: Executor, projectId: number, pollId: number, wallet: string | null, now: number) {
  const [poll] = await pollsWhere(db, { projectId, pollId }, wallet, now);
  return poll as Poll | undefined;
}

export async function insertPoll(
  db: Executor,
  input: { projectId: number; wallet: string; question: string; options: string[]; endsAt: number; now: number },
): Promise<Poll> {
  const pollId = await inTransaction(db, async (trx) => {
    const { id } = await trx
      .insertInto('polls')
      .values({ project_id: input.projectId, question: input.question, ends_at: input.endsAt, creator_wallet: input.wallet, created_at: input.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('poll_options')
      .values(input.options.map((text, position) => ({ poll_id: Number(id), position, text })))
      .execute();
    return Number(id);
  });
  return (await getPoll(db, input.projectId, pollId, input.wallet, input.now))!;
}

/** Records a wallet's vote; false when it had already voted on that poll (the primary key says so). */
export async function insertVote(db: Executor, input: { pollId: number; optionId: number; wallet: string; now: number }): Promise<boolean> {
  const result = await db
    .insertInto('poll_votes')
    .values({ poll_id: input.pollId, option_id: input.optionId, wallet: input.wallet, voted_at: input.now })
    .onConflict((conflict) => conflict.columns(['poll_id', 'wallet']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

// ---- team, investors, counts --------------------------------------------------------------------

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

export interface TopInvestor {
  id: string;
  name: string;
  avatarUrl: null;
  stake: number;
}

/** The largest current holders of a project's shares, with the fraction of all shares each holds. */
export async function topInvestors(db: Executor, project: HubProject, limit = TOP_INVESTORS_LIMIT): Promise<TopInvestor[]> {
  const rows = await db
    .selectFrom('positions as p')
    .leftJoin('users as u', 'u.chain_address', 'p.investor')
    .select(['p.investor', 'p.shares', 'u.wallet_address', 'u.username'])
    .where('p.project_id', '=', project.id)
    .where('p.shares', '>', 0)
    .orderBy('p.shares', 'desc')
    .orderBy('p.investor')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.wallet_address ?? row.investor,
    name: row.username ?? shortAddress(row.wallet_address ?? row.investor),
    avatarUrl: null,
    stake: project.totalShares > 0 ? Number(row.shares) / project.totalShares : 0,
  }));
}

export async function hubCounts(db: Executor, projectId: number) {
  const count = (table: 'team_members' | 'project_updates' | 'polls' | 'chat_messages') =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  const investors = db
    .selectFrom('positions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('project_id', '=', projectId)
    .where('shares', '>', 0)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
  const [teamMembers, updates, polls, messages, investorCount] = await Promise.all([
    count('team_members'),
    count('project_updates'),
    count('polls'),
    count('chat_messages'),
    investors,
  ]);
  return { teamMembers, investors: investorCount, updates, polls, messages };
}

export interface HubListing {
  projectId: number;
  title: string;
  thumbnailUrl: string;
  status: string;
  relation: 'investor' | 'studio';
}

type HubRow = { id: number; title: string; status: string; studio: string; body: string | null };

/** Newest film first (ids grow with time). */
export const HUB_ORDER: KeysetOrder<HubRow> = {
  name: 'hubs',
  columns: [keyColumn('p.id', 'integer')],
  descending: true,
  keyOf: (row) => [Number(row.id)],
};

/** The hubs of the films a wallet lists (as their studio) or holds shares of. */
export async function hubsOf(db: Executor, wallet: string): Promise<HubListing[]> {
  const addresses = await addressesOf(db, wallet);
  return (await ordered(hubQuery(db, addresses), HUB_ORDER).execute()).map(hubListing(addresses));
}

/** One page of hubsOf. */
export async function pageHubs(db: Executor, wallet: string, page: KeysetPage): Promise<Paged<HubListing>> {
  const addresses = await addressesOf(db, wallet);
  return mapPage(await readPage(hubQuery(db, addresses), HUB_ORDER, page), hubListing(addresses));
}

function hubQuery(db: Executor, addresses: string[]) {
  return db
    .selectFrom('projects as p')
    .leftJoin('metadata as m', 'm.sha256', 'p.metadata_hash')
    .select([
      'p.id',
      'p.title',
      'p.status',
      'p.studio',
      'm.body',
    ])
    .where((eb) =>
      eb.or([
        eb('p.studio', 'in', addresses),
        eb.exists(
          eb
            .selectFrom('positions as x')
            .select('x.investor')
            .whereRef('x.project_id', '=', 'p.id')
            .where('x.shares', '>', 0)
            .where('x.investor', 'in', addresses),
        ),
      ]),
    );
}

function hubListing(addresses: string[]) {
  return (row: HubRow): HubListing => ({
    projectId: Number(row.id),
    title: row.title,
    thumbnailUrl: (row.body ? (JSON.parse(row.body) as { thumbnailUrl?: string }).thumbnailUrl : undefined) ?? '',
    status: row.status,
    relation: addresses.includes(row.studio) ? 'studio' : 'investor',
  });
}

/** The director named in the listing's metadata, shown first in the team unless the studio named them too. */
export async function listedDirector(db: Executor, projectId: number): Promise<string | null> {
  const row = await db
    .selectFrom('projects as p')
    .innerJoin('metadata as m', 'm.sha256', 'p.metadata_hash')
    .select('m.body')
    .where('p.id', '=', projectId)
    .executeTakeFirst();
  if (!row) return null;
  const director = (JSON.parse(row.body) as { directorName?: unknown }).directorName;
  return typeof director === 'string' && director.trim() ? director.trim() : null;
}
