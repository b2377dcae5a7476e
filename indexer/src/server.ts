// createServer: serves the API (and the built dApp, when its folder exists) over HTTP.
import { serve, type ServerType } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Hono } from 'hono';
import type { AppEnv } from './api/context.ts';
import { loadPrerenderer } from './prerendered-pages.ts';

/** Files whose name changes with their content. */
const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';

/**
 * `prerenderModule`: the dApp's server bundle (app/dist-server/prerender.js); the pages it renders
 * are served with their first screen in the HTML (prerendered-pages.ts), for the modes whose
 * cluster is among `clusters` (the app's).
 */
export async function createServer(options: {
  app: Hono<AppEnv>;
  port: number;
  staticDir?: string;
  prerenderModule?: string;
  clusters?: readonly string[];
  hostname?: string;
}): Promise<ServerType> {
  const { app, staticDir } = options;
  if (staticDir && existsSync(join(staticDir, 'index.html'))) {
    const root = relative(process.cwd(), staticDir) || '.';
    const prerenderer = options.prerenderModule ? await loadPrerenderer({ app, staticDir, modulePath: options.prerenderModule, clusters: options.clusters }) : null;
    // The build's brotli or gzip copy of a file when the browser accepts one (app/vite.config.ts).
    const files = serveStatic({ root, precompressed: true });
    // Vite names every file under /assets/ by its content's hash: a browser may keep it for good.
    app.get('/assets/*', (c, next) => {
      c.header('Cache-Control', HASHED_ASSET_CACHE);
      return files(c, next);
    });
    // Everything else, and an asset that is missing (the header above is replaced), is asked for
    // again on every visit: index.html and the pages below name the current build's assets.
    app.get('*', (c, next) => {
      c.header('Cache-Control', 'no-cache');
      return files(c, next);
    });
    // Client-side routes (/project/3, /claim-revenue, …) get the dApp's index.html; a missing asset
    // stays a 404.
    const indexHtml = serveStatic({ root, path: 'index.html', precompressed: true });
    app.get('*', async (c, next) => {
      if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/assets/')) return next();
      const prerendered = await prerenderer?.page(c.req.url.slice(new URL(c.req.url).origin.length), c.req.header('cookie'));
      if (prerendered) return c.html(prerendered);
      return indexHtml(c, next);
    });
    // A page of the dApp is read, never written: any other method there is a 405 naming the two it
    // has (the API's and the player's paths keep their own 404 and 405 answers: api/app.ts).
    app.all('*', (c, next) => {
      if (c.req.method === 'GET' || c.req.method === 'HEAD' || /^\/(api|player)(\/|$)/.test(c.req.path)) return next();
      c.header('Allow', 'GET, HEAD');
      return c.json({ message: `Method ${c.req.method} is not allowed on ${c.req.path} (allowed: GET, HEAD)` }, 405);
    });
    prerenderer?.warmUp();
  }
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: options.port, hostname: options.hostname }, () => resolve(server));
  });
}
