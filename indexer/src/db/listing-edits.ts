// The listing-edits aggregate: the metadata document a studio last saved for its film. create_project
// records the listing's metadata hash on chain; an edit stores a new content-addressed document and
// points the film to it here, until the program can update the hash on chain.
import type { Executor } from './executor.ts';

export async function currentEdit(db: Executor, projectId: number): Promise<{ metadataHash: string; editedAt: number } | undefined> {
  const row = await db.selectFrom('listing_edits').selectAll().where('project_id', '=', projectId).executeTakeFirst();
  return row && { metadataHash: row.metadata_hash, editedAt: row.edited_at };
}

export async function recordEdit(db: Executor, projectId: number, metadataHash: string, editedBy: string, now: number): Promise<void> {
  await db
    .insertInto('listing_edits')
    .values({ project_id: projectId, metadata_hash: metadataHash, edited_by: editedBy, edited_at: now })
    .onConflict((oc) => oc.column('project_id').doUpdateSet({ metadata_hash: metadataHash, edited_by: editedBy, edited_at: now }))
    .execute();
}

/** The metadata a film shows: its latest edit, else the hash create_project recorded. */
export async function currentMetadataHash(db: Executor, projectId: number): Promise<string | undefined> {
  const edit = await currentEdit(db, projectId);
  if (edit) return edit.metadataHash;
  return (await db.selectFrom('projects').select('metadata_hash').where('id', '=', projectId).executeTakeFirst())?.metadata_hash;
}
