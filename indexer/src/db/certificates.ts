// The licence-certificates aggregate: Token-2022 mints (metadata extension) a studio minted for its
// film, with the transaction that created each.
import type { Executor, QueryRow } from './executor.ts';
import { keyColumn, mapPage, ordered, readPage, type KeysetOrder, type KeysetPage, type Paged } from './keyset.ts';

export interface Certificate {
  mint: string;
  projectId: number;
  owner: string;
  signature: string;
  mintedAt: number;
}

export async function recordCertificate(db: Executor, certificate: Certificate): Promise<void> {
  await db
    .insertInto('license_certificates')
    .values({
      mint: certificate.mint,
      project_id: certificate.projectId,
      owner: certificate.owner,
      signature: certificate.signature,
      minted_at: certificate.mintedAt,
    })
    .onConflict((oc) => oc.column('mint').doNothing())
    .execute();
}

/** Newest first; the mint (one per certificate) breaks ties. */
export const CERTIFICATE_ORDER: KeysetOrder<CertificateRow> = {
  name: 'certificates',
  columns: [keyColumn('minted_at', 'integer'), keyColumn('mint', 'text')],
  descending: true,
  keyOf: (row) => [Number(row.minted_at), row.mint],
};

export async function certificatesOf(db: Executor, projectId: number): Promise<Certificate[]> {
  return (await ordered(certificateQuery(db, projectId), CERTIFICATE_ORDER).execute()).map(certificate);
}

/** One page of certificatesOf. */
export async function pageCertificates(db: Executor, projectId: number, page: KeysetPage): Promise<Paged<Certificate>> {
  return mapPage(await readPage(certificateQuery(db, projectId), CERTIFICATE_ORDER, page), certificate);
}

function certificateQuery(db: Executor, projectId: number) {
  return db.selectFrom('license_certificates').selectAll().where('project_id', '=', projectId);
}

type CertificateRow = QueryRow<typeof certificateQuery>;

function certificate(row: CertificateRow): Certificate {
  return { mint: row.mint, projectId: row.project_id, owner: row.owner, signature: row.signature, mintedAt: row.minted_at };
}
