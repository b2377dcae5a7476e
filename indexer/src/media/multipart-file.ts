// The bytes of one file field of a multipart/form-data body, as they arrive: the body is read chunk
// by chunk and only the field's content is passed on, so an upload is never held whole by the
// parser (the caller counts and refuses past its limit). Parts before the field are skipped.
const CRLF_CRLF = Buffer.from('\r\n\r\n');
/** A part's headers are a few lines; more is not a form the dApp sends. */
const MAX_PART_HEADER_BYTES = 16 * 1024;

export class MultipartError extends Error {}

/** The boundary of a multipart/form-data Content-Type, or null when it is not one. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : null;
}

function fieldName(headers: string): string | undefined {
  const disposition = headers.split('\r\n').find((line) => /^content-disposition:/i.test(line));
  return disposition ? /;\s*name="([^"]*)"/i.exec(disposition)?.[1] : undefined;
}

/**
 * Yields the content of the part named `field`, chunk by chunk. Throws MultipartError when the
 * body ends before it, or is not multipart with that boundary.
 */
export async function* multipartField(body: AsyncIterable<Uint8Array>, boundary: string, field: string): AsyncGenerator<Buffer> {
  // Every delimiter is CRLF "--" boundary; the first one opens the body without the CRLF.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let pending = Buffer.from('\r\n');
  let state: 'preamble' | 'headers' | 'content' | 'skip' = 'preamble';
  const chunks = body[Symbol.asyncIterator]();
  for (;;) {
    if (state === 'preamble' || state === 'skip') {
      const at = pending.indexOf(delimiter);
      if (at >= 0) {
        pending = pending.subarray(at + delimiter.length);
        state = 'headers';
        continue;
      }
      pending = pending.subarray(Math.max(0, pending.length - delimiter.length + 1));
    } else if (state === 'headers') {
      const end = pending.indexOf(CRLF_CRLF);
      if (end >= 0) {
        const headers = pending.subarray(0, end).toString('latin1');
        if (headers.startsWith('--')) throw new MultipartError(`The form has no field "${field}"`);
        pending = pending.subarray(end + CRLF_CRLF.length);
        state = fieldName(headers) === field ? 'content' : 'skip';
        continue;
      }
      if (pending.length >= 2 && pending.subarray(0, 2).toString('latin1') === '--') throw new MultipartError(`The form has no field "${field}"`);
      if (pending.length > MAX_PART_HEADER_BYTES) throw new MultipartError('Malformed multipart body: a part header is too long');
    } else {
      const at = pending.indexOf(delimiter);
      if (at >= 0) {
        if (at > 0) yield pending.subarray(0, at);
        return;
      }
      // Keep what could be the start of the delimiter for the next chunk.
      const safe = pending.length - delimiter.length + 1;
      if (safe > 0) {
        yield pending.subarray(0, safe);
        pending = pending.subarray(safe);
      }
    }
    const next = await chunks.next();
    if (next.done) throw new MultipartError(state === 'content' ? 'Malformed multipart body: the file field does not end' : `The form has no field "${field}"`);
    pending = pending.length === 0 ? Buffer.from(next.value) : Buffer.concat([pending, next.value]);
  }
}
