// What every browser journey needs: the real server (API + built dApp + demo chain running
// marquee.so; with E2E_TOPOLOGY=pg-cluster a leader and two API processes, e2e/servers.ts) on a free
// port with a temporary data folder, headless Chromium, and a page per
// wallet with the Wallet Standard test wallet (e2e/wallet-standard.js) injected before the dApp loads.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { Keypair } from '@solana/web3.js';
import { signIn } from '../indexer/test/helpers/sign-in.ts';
import { startServers } from './servers.ts';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface ApiProject {
  id: number;
  title: string;
  status: string;
  investorCount: number;
  goalLamports: string;
  raisedLamports: string;
  deadline: string;
  thumbnailUrl: string;
  studioVerified: boolean;
  fundsReleased: boolean;
  description: string;
  metadataUri: string;
  /** sha256 (hex) of the metadata document, as the chain records it. */
  metadataHash: string;
}

export interface Harness {
  origin: string;
  browser: Browser;
  /** Console messages of Content-Security-Policy violations in any wallet page: the dApp must run under its CSP. */
  cspViolations: string[];
  /** The server's output so far (shown when a wait times out). */
  output(): string;
  /** GET (or `init`) /api{path}, asserting it succeeded. */
  api<T>(path: string, init?: RequestInit): Promise<T>;
  /**
   * /api{path} with the platform admin's session (the demo's clock and settlement are the admin's):
   * the harness's own admin wallet, unless the journey configured MARQUEE_DEMO_ADMIN_WALLET itself.
   */
  adminApi<T>(path: string, init?: RequestInit): Promise<T>;
  /** The demo keypair's balance of a connected wallet, in lamports. */
  demoBalance(wallet: Keypair): Promise<bigint>;
  waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs?: number): Promise<T>;
  /** A fresh browser context whose injected wallet is `wallet`. */
  walletPage(wallet: Keypair): Promise<Page>;
  /** Waits until the page's browser holds a signed-in session (connecting signs in) and returns it. */
  session(page: Page): Promise<{ walletAddress: string }>;
  /** Connects the page's wallet through wallet-adapter's modal and waits for the sign-in. */
  connect(page: Page, wallet: Keypair): Promise<void>;
  close(): Promise<void>;
}

/**
 * A journey's api and waitFor when its harness starts in a before() hook: they read the harness
 * only when called, so the journey can name them at its top level.
 */
export function harnessCalls(current: () => Harness): Pick<Harness, 'api' | 'waitFor'> {
  return {
    api: (path, init) => current().api(path, init),
    waitFor: (what, probe, timeoutMs) => current().waitFor(what, probe, timeoutMs),
  };
}

/**
 * `firstSignInAdmin`: start as a fresh install does, with no admin configured, so the first wallet
 * that signs in becomes the platform admin (adminApi is then unavailable).
 */
export async function startHarness(env: Record<string, string> = {}, options: { firstSignInAdmin?: boolean } = {}): Promise<Harness> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-e2e-'));
  let serverOutput = '';
  const admin = env.MARQUEE_DEMO_ADMIN_WALLET || options.firstSignInAdmin ? undefined : Keypair.generate();
  const serverEnv = admin ? { ...env, MARQUEE_DEMO_ADMIN_WALLET: admin.publicKey.toBase58() } : env;
  const servers = await startServers({ root, port, dataDir, env: serverEnv, onOutput: (text) => (serverOutput += text) });

  async function api<T>(path: string, init?: RequestInit): Promise<T> {
    const response = await fetch(`${origin}/api${path}`, init);
    assert.ok(response.ok, `${path} answered ${response.status}: ${await response.clone().text()}`);
    return (await response.json()) as T;
  }

  let adminCookie: string | undefined;
  async function adminApi<T>(path: string, init: RequestInit = {}): Promise<T> {
    if (!admin) throw new Error('This journey has its own admin wallet (configured, or the first signed in): sign in with it');
    adminCookie ??= await signIn({ request: (route, request) => fetch(`${origin}${route}`, request) }, admin);
    return api<T>(path, { ...init, headers: { ...(init.headers as Record<string, string> | undefined), cookie: adminCookie } });
  }

  async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe().catch(() => undefined);
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${serverOutput.slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  function session(page: Page): Promise<{ walletAddress: string }> {
    return waitFor('the sign-in', () =>
      page.evaluate(async () => {
        const response = await fetch('/api/auth/session');
        return response.ok ? ((await response.json()) as { walletAddress: string }) : undefined;
      }),
    );
  }

  await waitFor(
    'the server and its seeded demo chain',
    async () => {
      const projects = await api<ApiProject[]>('/projects');
      return projects.length >= 12 ? projects : undefined;
    },
    180_000,
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const walletScript = readFileSync(join(root, 'e2e/wallet-standard.js'), 'utf8');
  const cspViolations: string[] = [];

  return {
    origin,
    browser,
    cspViolations,
    output: () => serverOutput,
    api,
    adminApi,
    waitFor,
    async demoBalance(wallet) {
      const body = await api<{ balanceLamports: string }>(`/demo/wallets/${wallet.publicKey.toBase58()}`);
      return BigInt(body.balanceLamports);
    },
    async walletPage(wallet) {
      const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
      const account = JSON.stringify({
        address: wallet.publicKey.toBase58(),
        publicKey: [...wallet.publicKey.toBytes()],
        seed: [...wallet.secretKey.subarray(0, 32)],
      });
      await context.addInitScript({ content: `window.__E2E_WALLET__ = ${account};\n${walletScript}` });
      const page = await context.newPage();
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
      });
      return page;
    },
    session,
    async connect(page, wallet) {
      await page.getByRole('button', { name: 'Connect Wallet' }).first().click();
      await page.getByText('E2E Wallet').first().click();
      await page.getByText('Connected', { exact: true }).first().waitFor();
      assert.equal((await session(page)).walletAddress, wallet.publicKey.toBase58());
      await page.getByTestId('wallet-balance').waitFor();
    },
    async close() {
      await browser.close();
      await servers.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
