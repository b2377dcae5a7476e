// createServer: serves the API (and the built dApp, when its folder exists) over HTTP.
import { serve, type ServerType } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Hono } from 'hono';
import type { AppEnv } from './api/context.ts';

export function createServer(options: { app: Hono<AppEnv>; port: number; staticDir?: string; hostname?: string }): Promise<ServerType> {
  const { app, staticDir } = options;
  if (staticDir && existsSync(join(staticDir, 'index.html'))) {
    const root = relative(process.cwd(), staticDir) || '.';
    app.get('*', serveStatic({ root }));
    // Client-side routes (/project/3, /claim-revenue, …) get the dApp's index.html.
    app.get('*', async (c, next) => {
      if (c.req.path.startsWith('/api/')) return next();
      return serveStatic({ root, path: 'index.html' })(c, next);
    });
  }
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: options.port, hostname: options.hostname }, () => resolve(server));
  });
}
