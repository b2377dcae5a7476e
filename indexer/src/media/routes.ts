// /api/media: upload an image or a video creative (multipart field `file`, a signed-in wallet's,
// within its quota) into the content-addressed store, streamed to disk with a size counter; serve stored
// files by their sha256 with immutable cache headers (the name is the content's hash) and byte
// ranges (a video creative seeks). A private upload (a studio's verification document,
// ?visibility=private) is served only to the wallets that uploaded it and the platform admin.
import { z } from 'zod';
import type { Context } from 'hono';
import { sha256Params } from '../api/schemas.ts';
import * as contract from '@marquee/api-contract';
import { ApiRoutes, post, get } from '../api/openapi.ts';
import type { AppEnv } from '../api/context.ts';
import { isPlatformAdmin } from '../api/admin.ts';
import { currentSession, requireSession } from '../auth/guard.ts';
import { SIGNED_WRITE, signedWrite } from '../api/quotas.ts';
import { MAX_MEDIA_BYTES, MAX_VIDEO_CREATIVE_BYTES, MEDIA_MULTIPART_OVERHEAD_BYTES } from '../constants.ts';
import { fail } from '../api/errors.ts';
import { MAX_UPLOAD_BYTES, MediaStore, MediaTooLargeError, mediaPath, UnsupportedMediaTypeError } from './store.ts';
import { MultipartError, multipartBoundary, multipartField } from './multipart-file.ts';
import { byteRange } from './byte-range.ts';
import { STORED_TYPES } from './sniff.ts';

const uploadQuery = z.object({
  visibility: z
    .enum(['public', 'private'])
    .optional()
    .meta({ description: "private: served only to the uploading wallet and the platform admin (a studio's verification documents); default public" }),
});

/**
 * A private file's bytes go to its uploaders and the admin only: 401 to a caller without a session
 * (sign in first), 403 to any other wallet.
 */
async function requireReader(c: Context<AppEnv>, store: MediaStore, sha256: string): Promise<void> {
  const viewer = (await currentSession(c))?.walletAddress;
  if (viewer === undefined) fail(401, 'Sign in to read this private document: it is served only to the wallet that uploaded it and the platform admin');
  if (await store.isReader(sha256, viewer)) return;
  if (await isPlatformAdmin(c.var.cluster.db, viewer)) return;
  fail(403, 'This private document is served only to the wallet that uploaded it and the platform admin');
}

export function mediaRoutes(store: MediaStore) {
  const MB = 1024 * 1024;
  const tooLarge = `File too large (max ${MAX_MEDIA_BYTES / MB} MB for an image, ${MAX_VIDEO_CREATIVE_BYTES / MB} MB for a video)`;
  return new ApiRoutes()
    .endpoint(
      post(
        '/',
        'Upload a file (multipart field "file"): a JPG or PNG image of at most 10 MB, or an MP4 or WebM video creative of at most 50 MB, typed by its bytes; returns { url, sha256, contentType }; needs a session',
        {
          middleware: [signedWrite('uploads')],
          query: uploadQuery,
          response: contract.storedMedia,
          errors: { ...SIGNED_WRITE, 400: 'no file', 413: 'an image over 10 MB or a video over 50 MB', 415: 'not a JPG, PNG, MP4 or WebM, or not multipart' },
        },
      ),
      async (c) => {
        const boundary = multipartBoundary(c.req.header('content-type'));
        if (!boundary) fail(415, 'Expected a multipart/form-data upload with the file in the field "file"');
        // A declared size past the largest upload is refused before a byte is read.
        if (Number(c.req.header('content-length') ?? 0) > MAX_UPLOAD_BYTES + MEDIA_MULTIPART_OVERHEAD_BYTES) fail(413, tooLarge);
        const body = c.req.raw.body;
        if (!body) fail(400, 'Missing the file in the multipart field "file"');
        const privateTo = c.req.valid('query').visibility === 'private' ? (await requireSession(c)).walletAddress : undefined;
        try {
          const stored = await store.putStream(multipartField(body, boundary, 'file'), { privateTo });
          return c.json({ url: mediaPath(stored.sha256), sha256: stored.sha256, contentType: stored.contentType });
        } catch (error) {
          if (error instanceof MediaTooLargeError) fail(413, error.message);
          if (error instanceof UnsupportedMediaTypeError) fail(415, error.message);
          if (error instanceof MultipartError) fail(400, error.message);
          throw error;
        }
      },
    )
    .endpoint(
      get('/{sha256}', 'A stored image or video (immutable); a Range request answers 206 with that byte range', {
        description:
          "A private file (uploaded with ?visibility=private) only to the wallets that uploaded it and the platform admin's session: " +
          '401 without a session, 403 to another wallet.',
        params: sha256Params,
        response: {
          description: 'the stored bytes with their own Content-Type',
          content: Object.fromEntries(STORED_TYPES.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }])),
        },
        errors: {
          401: 'a private file, not signed in',
          403: 'a private file of another wallet',
          404: 'no such file',
          416: 'the requested range is outside the file',
        },
      }),
      async (c) => {
        const sha256 = c.req.param('sha256');
        const file = await store.get(sha256);
        if (!file) fail(404, `No media with sha256 ${sha256}`);
        if (file.isPrivate) await requireReader(c, store, sha256);
        const headers = {
          'Content-Type': file.contentType,
          // A private file is never kept by a shared cache.
          'Cache-Control': file.isPrivate ? 'private, no-store' : 'public, max-age=31536000, immutable',
          ETag: `"${sha256}"`,
          'Accept-Ranges': 'bytes',
          'X-Content-Type-Options': 'nosniff',
        };
        const range = byteRange(c.req.header('range'), file.size);
        if (range === 'unsatisfiable') {
          c.header('Content-Range', `bytes */${file.size}`);
          fail(416, `The range ${c.req.header('range')} is outside the file's ${file.size} bytes`);
        }
        // Streamed from the media folder: a 50 MB video is never held in memory.
        if (range === null) return c.body(store.read(sha256), 200, { ...headers, 'Content-Length': String(file.size) });
        return c.body(store.read(sha256, range), 206, {
          ...headers,
          'Content-Length': String(range.end - range.start + 1),
          'Content-Range': `bytes ${range.start}-${range.end}/${file.size}`,
        });
      },
      ['params'],
    );
}
