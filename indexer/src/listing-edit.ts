// A studio's edit of its listed film (the studio portal's Edit): the new metadata document it makes.
// The API's POST /api/projects/:id/metadata (On-Chain mode: the app then sends update_project_metadata)
// and the demo's POST /api/demo/update-metadata (the server sends it) build the same document.

/** The fields an edit changes; the rest of the document (thumbnail, goal, deadline) stays. */
export interface ListingEdit {
  description: string;
  directorName: string;
  genres: string[];
  releaseYear: number;
  licenseType: string;
  /** The film's video: a new one, null to remove it, omitted to keep it. */
  videoUrl?: string | null;
}

/** An edit that would store the very document the chain already records: the program would refuse it too (MetadataUnchanged). */
export const NOTHING_TO_UPDATE = 'Nothing to update: the film already shows these details';

/**
 * The film's current document with the edited fields. The title stays the one create_project
 * recorded on chain (the program has no instruction to change it), whatever the edit says.
 */
export function editedListing(current: Record<string, unknown> | undefined, edit: ListingEdit, title: string): Record<string, unknown> {
  const { videoUrl: _kept, ...withoutVideo } = current ?? {};
  const video = edit.videoUrl === undefined ? current?.videoUrl : edit.videoUrl;
  return {
    ...withoutVideo,
    ...(typeof video === 'string' ? { videoUrl: video } : {}),
    description: edit.description,
    directorName: edit.directorName,
    genres: edit.genres,
    releaseYear: edit.releaseYear,
    licenseType: edit.licenseType,
    title,
  };
}
