// The dApp's pages the server renders ahead of its JavaScript (the app's src/prerender.tsx, built
// into app/dist-server/): today the marketplace, whose first cards then arrive with the HTML.
// The app's module answers what replaces index.html's empty #root (the page, inert until the app's
// script replaces it, and the query cache it was rendered from); this module asks it and caches it.
// Any failure serves the plain dApp shell: a prerender is a head start, never a requirement.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Hono } from 'hono';
import { LRUCache } from 'lru-cache';
import type { AppEnv } from './api/context.ts';
import { PRERENDER_CACHE_ENTRIES, PRERENDER_CACHE_MS } from './constants.ts';

/** What app/dist-server/prerender.js exports (see the app's src/prerender.tsx). */
interface PrerenderModule {
  /** The mode (the app's demo or onchain) a request's Cookie header asks for; the module validates it. */
  prerenderMode(cookieHeader: string | undefined): string;
  prerenderData(url: string, apiGet: (path: string, cluster: string) => Promise<unknown>, mode: string): Promise<unknown>;
  renderPrerendered(url: string, state: unknown, mode: string): Promise<{ head: string; root: string } | null>;
}

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * A mode whose cluster this server does not serve (Demo mode under MARQUEE_DEMO=0, On-Chain mode
 * with no RPC configured): nothing to prerender and nothing wrong, so nothing is logged. The
 * browser renders that mode's pages itself and says what it says of a cluster the server lacks.
 */
class ClusterNotServed extends Error {}
/** Rendered once when the server starts. */
const WARM_UP_URL = '/marketplace';

export interface PagePrerenderer {
  /**
   * The whole HTML document for `url` (path and query) in the mode the request's `cookieHeader` asks
   * for, or null to serve the plain index.html.
   */
  page(url: string, cookieHeader?: string): Promise<string | null>;
  /**
   * Renders a page now, in the background: the first render of a process costs ~0.5 s more (the
   * module's code and styles warming up), better spent at start than by the first visitor. Only
   * once the app's routes are all added (an in-process request freezes its router).
   */
  warmUp(): void;
}

/**
 * The prerenderer of `staticDir`'s index.html with the module at `modulePath`, answering the API calls
 * of a render in-process through `app` (which serves `clusters`, when they are named); null when the
 * module or the template is missing (a dApp built without its server bundle) or fails to load.
 */
export async function loadPrerenderer(options: {
  app: Hono<AppEnv>;
  staticDir: string;
  modulePath: string;
  clusters?: readonly string[];
}): Promise<PagePrerenderer | null> {
  const templatePath = join(options.staticDir, 'index.html');
  if (!existsSync(options.modulePath) || !existsSync(templatePath)) return null;
  const template = readFileSync(templatePath, 'utf8');
  if (!template.includes(ROOT_ELEMENT) || !template.includes('</head>')) return null;
  let module: PrerenderModule;
  try {
    module = (await import(pathToFileURL(options.modulePath).href)) as PrerenderModule;
  } catch (error) {
    console.error(`Prerendering is off: ${options.modulePath} failed to load:`, error);
    return null;
  }
  const apiGet = async (path: string, cluster: string) => {
    if (options.clusters && !options.clusters.includes(cluster)) throw new ClusterNotServed(cluster);
    const response = await options.app.request(`${path}${path.includes('?') ? '&' : '?'}cluster=${encodeURIComponent(cluster)}`);
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };
  // A page is rendered again when the data it shows changed, and at least every PRERENDER_CACHE_MS
  // (what a card says can depend on the clock: a funding deadline passing).
  const rendered = new LRUCache<string, { answers: string; document: string | null }>({ max: PRERENDER_CACHE_ENTRIES, ttl: PRERENDER_CACHE_MS });

  const prerenderer: PagePrerenderer = {
    async page(url, cookieHeader) {
      try {
        // One of a few modes, whatever the cookie says: the cache holds at most one page per mode and URL.
        const mode = module.prerenderMode(cookieHeader);
        // The answers are asked for on every request (the API's read cache makes that cheap) to
        // know whether a kept page still shows them.
        const answers: unknown[] = [];
        const state = await module.prerenderData(
          url,
          async (path, cluster) => {
            const answer = await apiGet(path, cluster);
            answers.push(answer);
            return answer;
          },
          mode,
        );
        if (state === null) return null;
        const key = JSON.stringify(answers);
        const cacheKey = `${mode} ${url}`;
        const kept = rendered.get(cacheKey);
        if (kept && kept.answers === key) return kept.document;
        const page = await module.renderPrerendered(url, state, mode);
        // Function replacements: a `$` in the markup is text, not a replacement pattern.
        const document = page === null ? null : template.replace('</head>', () => `${page.head}</head>`).replace(ROOT_ELEMENT, () => page.root);
        rendered.set(cacheKey, { answers: key, document });
        return document;
      } catch (error) {
        if (error instanceof ClusterNotServed) return null;
        console.error(`Prerendering ${url} failed; serving the plain dApp:`, error);
        return null;
      }
    },
    warmUp() {
      void prerenderer.page(WARM_UP_URL);
    },
  };
  return prerenderer;
}
