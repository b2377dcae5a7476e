// One byte range of an HTTP Range header (RFC 9110 §14.1.2): "bytes=start-end", "bytes=start-" or
// the suffix "bytes=-length". Several ranges or another unit are answered whole (a server may
// ignore Range), a range past the end is unsatisfiable (416).
export type ByteRange = { start: number; end: number };

export function byteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const length = Number(match[2]);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(match[1]);
  if (start >= size) return 'unsatisfiable';
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (end < start) return null;
  return { start, end };
}
