// The type of an uploaded file, read from its first bytes (its magic number), never from the file
// name or the Content-Type the client claims: JPEG and PNG images (film thumbnails, display ad
// creatives) and MP4 and WebM videos (video ad creatives).

/** Every type a stored file can have, as it is served (GET /api/media/{sha256} documents each). */
export const STORED_TYPES = ['image/jpeg', 'image/png', 'video/mp4', 'video/webm'] as const;

export interface ImageType {
  kind: 'image';
  contentType: Extract<(typeof STORED_TYPES)[number], `image/${string}`>;
  extension: 'jpg' | 'png';
}

export interface VideoType {
  kind: 'video';
  contentType: Extract<(typeof STORED_TYPES)[number], `video/${string}`>;
  extension: 'mp4' | 'webm';
}

export type MediaType = ImageType | VideoType;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** JPEG files open with the SOI marker followed by the first segment's marker prefix. */
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
/** WebM is Matroska: an EBML header, whose DocType element says "webm". */
const EBML_SIGNATURE = [0x1a, 0x45, 0xdf, 0xa3];
/** The EBML header is small: its DocType sits within the first bytes. */
const EBML_HEADER_SCAN_BYTES = 64;
/** An MP4 (ISO base media) file opens with its `ftyp` box: a 4-byte size, then "ftyp". */
const FTYP = [0x66, 0x74, 0x79, 0x70];

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return { kind: 'image', contentType: 'image/png', extension: 'png' };
  if (startsWith(bytes, JPEG_SIGNATURE)) return { kind: 'image', contentType: 'image/jpeg', extension: 'jpg' };
  return null;
}

export function sniffVideoType(bytes: Uint8Array): VideoType | null {
  if (startsWith(bytes, FTYP, 4)) return { kind: 'video', contentType: 'video/mp4', extension: 'mp4' };
  if (startsWith(bytes, EBML_SIGNATURE) && Buffer.from(bytes.subarray(0, EBML_HEADER_SCAN_BYTES)).includes('webm', 0, 'latin1')) {
    return { kind: 'video', contentType: 'video/webm', extension: 'webm' };
  }
  return null;
}

export function sniffMediaType(bytes: Uint8Array): MediaType | null {
  return sniffImageType(bytes) ?? sniffVideoType(bytes);
}
