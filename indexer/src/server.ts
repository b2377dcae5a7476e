// createServer: serves the API (and the built dApp, when its folder exists) over HTTP.
import { serve, type ServerType } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Hono } from 'hono';
import type { AppEnv } from './api/context.ts';
import { loadPrerenderer } from './prerendered-pages.ts';

/**
 * `prerenderModule`: the dApp's server bundle (app/dist-server/prerender.js); the pages it renders
 * are served with their first screen in the HTML (prerendered-pages.ts).
 */
export async function createServer(options: {
  app: Hono<AppEnv>;
  port: number;
  staticDir?: string;
  prerenderModule?: string;
  hostname?: string;
}): Promise<ServerType> {
  const { app, staticDir } = options;
  if (staticDir && existsSync(join(staticDir, 'index.html'))) {
    const root = relative(process.cwd(), staticDir) || '.';
    const prerenderer = options.prerenderModule ? await loadPrerenderer({ app, staticDir, modulePath: options.prerenderModule }) : null;
    app.get('*', serveStatic({ root }));
    // Client-side routes (/project/3, /claim-revenue, …) get the dApp's index.html.
    app.get('*', async (c, next) => {
      if (c.req.path.startsWith('/api/')) return next();
      const prerendered = await prerenderer?.page(c.req.url.slice(new URL(c.req.url).origin.length), c.req.header('cookie'));
      if (prerendered) {
        c.header('Cache-Control', 'no-cache');
        return c.html(prerendered);
      }
      return serveStatic({ root, path: 'index.html' })(c, next);
    });
    prerenderer?.warmUp();
  }
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: options.port, hostname: options.hostname }, () => resolve(server));
  });
}
