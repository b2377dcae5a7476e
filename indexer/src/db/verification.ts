// The verification aggregate: studios' applications (details and the documents they uploaded), the
// admin's decision — rejected with a reason, or approved by the verify_studio transaction whose
// signature is kept. A studio has at most one open application; a rejected one may be followed by
// a new one.
import type { Executor } from './executor.ts';
import type { VerificationApplicationsTable } from './schema.ts';
import { sql, type Selectable } from 'kysely';
import { keyColumn, mapPage, ordered, readPage, type KeysetOrder, type KeysetPage, type Paged } from './keyset.ts';

export type ApplicationStatus = 'submitted' | 'approved' | 'rejected';

export interface ApplicationDocument {
  name: string;
  url: string;
  sha256: string;
}

export interface Application {
  id: number;
  walletAddress: string;
  chainAddress: string;
  studioName: string;
  contactEmail: string;
  website: string;
  description: string;
  documents: ApplicationDocument[];
  status: ApplicationStatus;
  rejectionReason: string | null;
  submittedAt: number;
  reviewedAt: number | null;
  approvalSignature: string | null;
}

function application(row: Selectable<VerificationApplicationsTable>): Application {
  return {
    id: row.id,
    walletAddress: row.wallet_address,
    chainAddress: row.chain_address,
    studioName: row.studio_name,
    contactEmail: row.contact_email,
    website: row.website,
    description: row.description,
    documents: JSON.parse(row.documents) as ApplicationDocument[],
    status: row.status as ApplicationStatus,
    rejectionReason: row.rejection_reason,
    submittedAt: row.submitted_at,
    reviewedAt: row.reviewed_at,
    approvalSignature: row.approval_signature,
  };
}

/** The wallet's latest application. */
export async function latestOf(db: Executor, walletAddress: string): Promise<Application | undefined> {
  const row = await db
    .selectFrom('verification_applications')
    .selectAll()
    .where('wallet_address', '=', walletAddress)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && application(row);
}

export async function getApplication(db: Executor, id: number): Promise<Application | undefined> {
  const row = await db.selectFrom('verification_applications').selectAll().where('id', '=', id).executeTakeFirst();
  return row && application(row);
}

/** Open applications first (1 before 0), then newest first. */
export const LATEST_APPLICATION_ORDER: KeysetOrder<Selectable<VerificationApplicationsTable>> = {
  name: 'applications',
  columns: [{ sql: sql`CASE WHEN a.status = 'submitted' THEN 1 ELSE 0 END`, type: 'integer' }, keyColumn('a.id', 'integer')],
  descending: true,
  keyOf: (row) => [row.status === 'submitted' ? 1 : 0, Number(row.id)],
};

/** Every wallet's latest application, open ones first, then newest first (the admin's list). */
export async function listLatest(db: Executor): Promise<Application[]> {
  return (await ordered(latestQuery(db), LATEST_APPLICATION_ORDER).execute()).map(application);
}

/** One page of listLatest. */
export async function pageLatest(db: Executor, page: KeysetPage): Promise<Paged<Application>> {
  return mapPage(await readPage(latestQuery(db), LATEST_APPLICATION_ORDER, page), application);
}

function latestQuery(db: Executor) {
  return db
    .selectFrom('verification_applications as a')
    .selectAll('a')
    .where('a.id', 'in', (eb) => eb.selectFrom('verification_applications').select((inner) => inner.fn.max('id').as('id')).groupBy('wallet_address'));
}

export async function submit(
  db: Executor,
  input: Omit<Application, 'id' | 'status' | 'rejectionReason' | 'reviewedAt' | 'approvalSignature'>,
): Promise<Application> {
  const { id } = await db
    .insertInto('verification_applications')
    .values({
      wallet_address: input.walletAddress,
      chain_address: input.chainAddress,
      studio_name: input.studioName,
      contact_email: input.contactEmail,
      website: input.website,
      description: input.description,
      documents: JSON.stringify(input.documents),
      status: 'submitted',
      submitted_at: input.submittedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await getApplication(db, id))!;
}

/** Decides an open application; false when it was not open any more (decided meanwhile). */
export async function decide(
  db: Executor,
  id: number,
  decision: { status: 'approved'; signature: string } | { status: 'rejected'; reason: string },
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('verification_applications')
    .set({
      status: decision.status,
      reviewed_at: now,
      rejection_reason: decision.status === 'rejected' ? decision.reason : null,
      approval_signature: decision.status === 'approved' ? decision.signature : null,
    })
    .where('id', '=', id)
    .where('status', '=', 'submitted')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
