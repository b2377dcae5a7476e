// A test app over one fake 'demo' cluster (a throwaway test database) and a scripted chain.
import { createApp } from '../../src/api/app.ts';
import type { AppDeps } from '../../src/api/context.ts';
import { createCluster } from '../../src/cluster.ts';
import { FakeChainSource } from './chain.ts';
import { ScriptedChain, T0 } from './scenario.ts';
import { testLocation } from './database.ts';
import { TEST_TICKET_SECRET } from './tickets.ts';

export async function testApp(options: Partial<AppDeps> & { nowMs?: number } = {}) {
  const source = new FakeChainSource('demo');
  const chain = new ScriptedChain(source);
  let nowMs = options.nowMs ?? (T0 + 3600) * 1000;
  const clock = { now: () => nowMs, advance: (ms: number) => (nowMs += ms) };
  const cluster = await createCluster({ source, dataDir: ':memory:', location: testLocation(), now: clock.now });
  const app = createApp({ clusters: [cluster], now: clock.now, trustedProxyHops: 1, ticketSecret: TEST_TICKET_SECRET, ...options });
  const request = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.request(path, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  /** A GET as a browser's (the player page): headers as given. */
  const fetchPage = async (path: string, headers: Record<string, string>) => app.request(path, { headers });
  return { app, chain, source, cluster, clock, request, fetchPage };
}
