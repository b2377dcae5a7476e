// /api/catalogue: the funded catalogue for an auto-list API key, each film with its player and the
// publisher's embed snippet for the key's website. A key works only from its own verified origin
// (the browser's Origin, or Referer), and a revoked key is refused.
import * as contract from '@marquee/api-contract';
import { ApiRoutes, get } from '../openapi.ts';
import { fail } from '../errors.ts';
import { catalogueQuery } from '../schemas.ts';
import { nextCursor, requestedPage } from '../page-cursor.ts';
import { listProjects, pageFundedProjects } from '../../read-models/projects.ts';
import { listEmbeds } from '../shapes.ts';
import { projects, publishers } from '../../db/index.ts';
import { embedSnippet, playerUrl } from '../../player/snippet.ts';
import { originOf } from '../../origin.ts';
import { hashApiKey } from './publishers.ts';

export const API_KEY_HEADER = 'x-marquee-key';

export function catalogueRoutes(now: () => number) {
  return new ApiRoutes().endpoint(
    get('/', 'The funded catalogue for an API key, from its verified origin', {
      query: catalogueQuery,
      response: contract.LIST_RESPONSES['/api/catalogue'],
      errors: { 401: 'missing or unknown key', 403: 'revoked key or another origin' },
    }),
    async (c) => {
      const ctx = c.var.cluster;
      const key = c.req.valid('query').key ?? c.req.header(API_KEY_HEADER);
      if (!key) fail(401, `An API key is required (?key= or the ${API_KEY_HEADER} header)`);
      const row = await publishers.findKeyByHash(ctx.db, hashApiKey(key));
      if (!row) fail(401, 'Unknown API key');
      if (row.revoked_at !== null) fail(403, 'This API key was revoked');
      const caller = originOf(c.req.header('origin') ?? '') ?? originOf(c.req.header('referer') ?? '');
      if (caller !== row.origin) fail(403, `This API key works on ${row.origin} only`);
      const website = await publishers.findWebsite(ctx.db, row.wallet, row.origin);
      if (website?.status !== 'verified') fail(403, `${row.origin} is no longer verified`);
      c.header('access-control-allow-origin', row.origin);
      c.header('vary', 'Origin');

      const host = c.get('publicOrigin');
      const signer = await publishers.signerOfWallet(ctx.db, row.wallet);
      const registered = (await listEmbeds(ctx, host, { publisher: signer })).filter((embed) => originOf(embed.websiteUrl) === row.origin);
      const page = requestedPage(c.req.valid('query'), projects.CATALOGUE_ORDER);
      const filmPage = page && (await pageFundedProjects(ctx, host, now(), page));
      const films = filmPage ? filmPage.rows : await listProjects(ctx, host, now(), { status: 'funded' });
      return c.json({
        origin: row.origin,
        publisherId: signer,
        films: films.map((film) => {
          const embed = registered.find((candidate) => candidate.projectId === film.id);
          const snippetInput = { origin: host, cluster: ctx.name, projectId: film.id, embedId: embed?.embedId, publisherId: signer, website: row.origin };
          return {
            id: film.id,
            title: film.title,
            description: film.description,
            thumbnailUrl: film.thumbnailUrl,
            genres: film.genres,
            directorName: film.directorName,
            /** Views count only for films the publisher registered an embed of on this website. */
            embedId: embed?.embedId ?? null,
            playerUrl: playerUrl(snippetInput),
            embedCode: embedSnippet(snippetInput),
          };
        }),
        ...(filmPage ? { nextCursor: nextCursor(projects.CATALOGUE_ORDER, filmPage) } : {}),
      });
    },
  );
}
