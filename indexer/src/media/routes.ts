// /api/media: upload an image or a video creative (multipart field `file`) into the
// content-addressed store, and serve stored files by their sha256 with immutable cache headers (the
// name is the content's hash). Its own body limit (a video's 50 MB): the API's 3 MB one skips it.
import { z } from 'zod';
import { sha256Params } from '../api/schemas.ts';
import * as contract from '@marquee/api-contract';
import { ApiRoutes, media, post, get } from '../api/openapi.ts';
import { bodyLimit } from 'hono/body-limit';
import { MAX_MEDIA_BYTES, MAX_VIDEO_CREATIVE_BYTES, MEDIA_MULTIPART_OVERHEAD_BYTES } from '../constants.ts';
import { fail } from '../api/errors.ts';
import { MAX_UPLOAD_BYTES, MediaStore, MediaTooLargeError, UnsupportedMediaTypeError } from './store.ts';

export const mediaPath = (sha256: string) => `/api/media/${sha256}`;

export function mediaRoutes(store: MediaStore) {
  const MB = 1024 * 1024;
  const tooLarge = `File too large (max ${MAX_MEDIA_BYTES / MB} MB for an image, ${MAX_VIDEO_CREATIVE_BYTES / MB} MB for a video)`;
  return new ApiRoutes()
    .endpoint(
      post(
        '/',
        'Upload a file (multipart field "file"): a JPG or PNG image of at most 10 MB, or an MP4 or WebM video creative of at most 50 MB, typed by its bytes; returns { url, sha256, contentType }',
        {
          middleware: [
            // Refuses an oversized body before reading it whole; the exact file size is checked below.
            bodyLimit({ maxSize: MAX_UPLOAD_BYTES + MEDIA_MULTIPART_OVERHEAD_BYTES, onError: () => fail(413, tooLarge) }),
          ],
          response: contract.storedMedia,
          errors: { 400: 'no file', 413: 'an image over 10 MB or a video over 50 MB', 415: 'not a JPG, PNG, MP4 or WebM, or not multipart' },
        },
      ),
      async (c) => {
        if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) {
          fail(415, 'Expected a multipart/form-data upload with the file in the field "file"');
        }
        const form = await c.req.formData().catch(() => fail(400, 'Malformed multipart body'));
        const file = form.get('file');
        if (!(file instanceof File)) fail(400, 'Missing the file in the multipart field "file"');
        try {
          const stored = await store.put(new Uint8Array(await file.arrayBuffer()));
          return c.json({ url: mediaPath(stored.sha256), sha256: stored.sha256, contentType: stored.contentType });
        } catch (error) {
          if (error instanceof MediaTooLargeError) fail(413, error.message);
          if (error instanceof UnsupportedMediaTypeError) fail(415, error.message);
          throw error;
        }
      },
    )
    .endpoint(
      get('/{sha256}', 'A stored image or video (immutable)', {
        params: sha256Params,
        response: media(
          'application/octet-stream',
          'the stored bytes with their own Content-Type (image/jpeg, image/png, video/mp4, video/webm)',
          z.string().meta({ format: 'binary' }),
        ),
        errors: { 404: 'no such file' },
      }),
      async (c) => {
        const media = await store.get(c.req.param('sha256'));
        if (!media) fail(404, `No media with sha256 ${c.req.param('sha256')}`);
        return c.body(new Uint8Array(media.bytes), 200, {
          'Content-Type': media.contentType,
          'Cache-Control': 'public, max-age=31536000, immutable',
          ETag: `"${c.req.param('sha256')}"`,
          'X-Content-Type-Options': 'nosniff',
        });
      },
      ['params'],
    );
}
