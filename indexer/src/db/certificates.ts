// The licence-certificates aggregate: Token-2022 mints (metadata extension) a studio minted for its
// film, with the transaction that created each.
import type { Executor } from './executor.ts';

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

export async function certificatesOf(db: Executor, projectId: number): Promise<Certificate[]> {
  const rows = await db.selectFrom('license_certificates').selectAll().where('project_id', '=', projectId).orderBy('minted_at', 'desc').execute();
  return rows.map((row) => ({ mint: row.mint, projectId: row.project_id, owner: row.owner, signature: row.signature, mintedAt: row.minted_at }));
}
