// A publisher's website for the browser journeys: a local HTTP server on loopback (the harness lets
// verification accept loopback) that serves the verification file once `content.token` is set and a
// page embedding `content.snippet` at /films.html.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before } from 'node:test';
import { startHarness, type Harness } from './harness.ts';

/** The server's settings for a journey with a publisher site: the test's website is on loopback, and the settlement runs when the test asks for it. */
export const PUBLISHER_SITE_SERVER_ENV = {
  MARQUEE_VERIFY_ALLOW_LOOPBACK: '1',
  MARQUEE_DEMO_SETTLEMENT_INTERVAL_MS: '3600000',
};

export interface PublisherSite {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** What the site serves: the verification token and the embed snippet of /films.html. */
  content: { token: string; snippet: string };
  close(): void;
}

export async function startPublisherSite(): Promise<PublisherSite> {
  const content = { token: '', snippet: '' };
  const site = http.createServer((request, response) => {
    if (request.url === '/.well-known/marquee-verification.txt' && content.token) return response.writeHead(200).end(content.token);
    if (request.url === '/films.html') {
      return response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<!doctype html><html><head><title>Films we love</title></head><body><h1>Tonight's film</h1>${content.snippet}</body></html>`);
    }
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Films we love</title><p>Reviews.</p>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(site.address() as AddressInfo).port}`,
    content,
    close() {
      site.closeAllConnections();
      site.close();
    },
  };
}

/**
 * The file's hooks for a journey with a publisher site: before its tests the site, then the harness
 * (its server with PUBLISHER_SITE_SERVER_ENV), both handed to `ready`; after them both closed.
 */
export function withPublisherSite(ready: (started: { site: PublisherSite; harness: Harness }) => Promise<void> | void): void {
  let site: PublisherSite | undefined;
  let harness: Harness | undefined;
  before(async () => {
    site = await startPublisherSite();
    harness = await startHarness(PUBLISHER_SITE_SERVER_ENV);
    await ready({ site, harness });
  });
  after(async () => {
    await harness?.close();
    site?.close();
  });
}
