// The kind of a campaign's creative (an image or a video): from the media store when the URI is one
// of its uploads (/api/media/{sha256}, the type sniffed from the bytes at upload), else from the
// URL's file extension, else unknown.
import type { MediaStore } from '../media/store.ts';
import type { CreativeKind } from './rules.ts';

const MEDIA_URL = /\/api\/media\/([0-9a-f]{64})$/;
const VIDEO_EXTENSIONS = /\.(mp4|webm|m4v|mov)$/i;
const IMAGE_EXTENSIONS = /\.(jpe?g|png|gif|webp|svg)$/i;

function pathOf(uri: string): string {
  try {
    return new URL(uri, 'http://relative.invalid').pathname;
  } catch {
    return uri;
  }
}

/** The kind a URI's file extension names, or null. */
export function creativeKindFromExtension(uri: string): CreativeKind | null {
  const path = pathOf(uri);
  if (VIDEO_EXTENSIONS.test(path)) return 'video';
  if (IMAGE_EXTENSIONS.test(path)) return 'image';
  return null;
}

/** The sha256 of an upload of the media store a URI names, or null. */
export function mediaHashOf(uri: string): string | null {
  return MEDIA_URL.exec(pathOf(uri))?.[1] ?? null;
}

export async function creativeKindOf(uri: string, media: MediaStore | undefined): Promise<CreativeKind | null> {
  const sha256 = mediaHashOf(uri);
  if (sha256 && media) {
    const stored = await media.kind(sha256);
    if (stored) return stored;
  }
  return creativeKindFromExtension(uri);
}
