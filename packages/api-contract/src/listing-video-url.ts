// A listing's video address (the film or its trailer), one rule for the server's listing bodies
// (indexer/src/api/schemas.ts builds its zod schema from it) and the app's listing form and Edit
// dialog (their message before anything is sent). Free of zod, so the app bundles only this file
// (@marquee/api-contract/listing-video-url).

/** A listing's image or video URL is at most this many characters. */
export const MAX_LISTING_MEDIA_URL_LEN = 2048;

/**
 * JavaScript's whitespace (what String.prototype.trim() removes and `\s` matches), spelled out: a
 * published pattern must mean the same in every regex engine, and Python's and Rust's `\s` differ
 * from JavaScript's (\x1c-\x1f, \x85, \ufeff).
 */
export const WHITESPACE = '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';

/** An upload of this server (/api/media/{sha256}, an MP4 or WebM the media store typed by its bytes) or an https URL. */
export const LISTING_VIDEO_URL_PATTERN = `^(?:/api/media/[0-9a-f]{64}|https://[^${WHITESPACE}]+)$`;
const LISTING_VIDEO_URL = new RegExp(LISTING_VIDEO_URL_PATTERN);

export const LISTING_VIDEO_URL_MESSAGE = 'The video URL must be an https:// address or an upload of this site (/api/media/{sha256})';

/**
 * What is wrong with a video address as sent (untrimmed), or null when it is one a listing takes.
 * Exactly what the published pattern and length say, no more: every text the OpenAPI document
 * allows is accepted (the API fuzz holds the server to that). The app's form also wants an address
 * the browser can parse, and then that it plays.
 */
export function listingVideoUrlError(url: string): string | null {
  if (url.length > MAX_LISTING_MEDIA_URL_LEN) return `The video URL is too long: at most ${MAX_LISTING_MEDIA_URL_LEN} characters`;
  if (/^\s*data:/i.test(url)) return 'A data: URL is not accepted as the video URL';
  return LISTING_VIDEO_URL.test(url) ? null : LISTING_VIDEO_URL_MESSAGE;
}
