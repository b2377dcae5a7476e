// The type of an uploaded image, read from its first bytes (its magic number), never from the file
// name or the Content-Type the client claims: only JPEG and PNG are accepted (spec §5 thumbnail).

export interface ImageType {
  contentType: 'image/jpeg' | 'image/png';
  extension: 'jpg' | 'png';
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** JPEG files open with the SOI marker followed by the first segment's marker prefix. */
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return { contentType: 'image/png', extension: 'png' };
  if (startsWith(bytes, JPEG_SIGNATURE)) return { contentType: 'image/jpeg', extension: 'jpg' };
  return null;
}
