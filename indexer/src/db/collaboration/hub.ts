// The collaboration hub of a film: who a wallet acts as, the film the hub belongs to and whether the
// wallet is its studio, and the indexed facts the hub shows beside its own rows (top investors,
// counts, the wallet's hubs, the listed director).
import { TOP_INVESTORS_LIMIT } from '../../constants.ts';
import { countRows, type Executor } from '../executor.ts';
import { keyColumn, mapPage, ordered, readPage, type KeysetOrder, type KeysetPage, type Paged } from '../keyset.ts';
import { signerOfWallet } from '../publishers.ts';
import { shortAddress } from '../users.ts';

/** A time in ms as the hub's ISO text. */
export const iso = (ms: number) => new Date(ms).toISOString();

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
  const count = (table: 'team_members' | 'project_updates' | 'polls' | 'chat_messages') => countRows(db.selectFrom(table).where('project_id', '=', projectId));
  const investors = countRows(db.selectFrom('positions').where('project_id', '=', projectId).where('shares', '>', 0));
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
