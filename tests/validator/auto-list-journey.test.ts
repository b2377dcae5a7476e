// On-Chain Auto-List in the browser against a real validator: the server follows the validator as
// its devnet (MARQUEE_RPC_CLUSTERS), the dApp's devnet JSON-RPC and websocket are routed to the
// validator, and the Wallet Standard test wallet signs the transactions for real. A publisher in
// On-Chain mode verifies a local website and presses "Register Funded Films for Earnings": every
// funded film on the validator (eight of its own, and those of the suites before it) is listed, the
// wallet is asked once per six films, the validator confirms each transaction, every embed is on
// chain and the server lists it as the publisher's.
//
// Run by scripts/test-validator.sh through tests/validator/all.ts (the app must be built: npm run
// build -w app), on the validator of cluster.ts.
import anchor from '@coral-xyz/anchor';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test, type TestContext } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import WebSocket from 'ws';
import { AUTO_LIST_EMBEDS_PER_TRANSACTION, decodeAccount, marqueePdas } from '@marquee/program-client';
import { startHarness, type Harness } from '../../e2e/harness.ts';
import { PUBLISHER_SITE_SERVER_ENV, startPublisherSite, type PublisherSite } from '../../e2e/publisher-site.ts';
import { journeyScreenshots } from '../../e2e/screenshots.ts';
import { deployedCluster, fundedWallets, ROOT, type DeployedCluster } from './cluster.ts';
import { listFilms, type ListedFilm } from './films.ts';

/** Where the dApp's On-Chain mode sends JSON-RPC (app/src/constants.ts DEVNET_RPC_URL, unset VITE_DEVNET_RPC_URL). */
const DEVNET_RPC = 'https://api.devnet.solana.com';
const FILMS = 8;
const pdas = marqueePdas();
const shot = journeyScreenshots('onchain-auto-list');

let cluster: DeployedCluster;
let harness: Harness;
let site: PublisherSite;
let films: ListedFilm[];
const sockets: WebSocket[] = [];

/** The validator's websocket: the RPC port + 1, as solana-test-validator binds it. */
const validatorWebsocket = () => {
  const url = new URL(cluster.rpcUrl);
  return `ws://${url.hostname}:${Number(url.port) + 1}`;
};

/** A browser context whose wallet signs for real and whose devnet is the validator. */
async function onChainWalletContext(wallet: anchor.web3.Keypair): Promise<BrowserContext> {
  const context = await harness.browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const account = JSON.stringify({
    address: wallet.publicKey.toBase58(),
    publicKey: [...wallet.publicKey.toBytes()],
    seed: [...wallet.secretKey.subarray(0, 32)],
    signsTransactions: true,
  });
  // The mode the header's switch stores (app/src/features/mode): this browser starts in On-Chain mode.
  await context.addInitScript("window.localStorage.setItem('marqueeMode', 'onchain')");
  await context.addInitScript({ content: `window.__E2E_WALLET__ = ${account};\n${readFileSync(join(ROOT, 'e2e/wallet-standard.js'), 'utf8')}` });
  await context.route(`${DEVNET_RPC}/**`, async (route) => route.fulfill({ response: await route.fetch({ url: cluster.rpcUrl }) }));
  // Subscriptions (a transaction's confirmation) go to the validator's own websocket, message for message.
  await context.routeWebSocket(/^wss:\/\/api\.devnet\.solana\.com/, (page) => {
    const validator = new WebSocket(validatorWebsocket());
    sockets.push(validator);
    const pending: string[] = [];
    validator.on('open', () => pending.splice(0).forEach((message) => validator.send(message)));
    validator.on('message', (data) => page.send(String(data)));
    page.onMessage((message) => (validator.readyState === WebSocket.OPEN ? validator.send(String(message)) : pending.push(String(message))));
    page.onClose(() => validator.close());
    // A socket the validator ends (or never opens) ends the page's too, so web3.js reconnects and subscribes again.
    validator.on('close', () => page.close());
    validator.on('error', () => page.close());
  });
  return context;
}

/** POSTs on the devnet cluster as the page's signed-in wallet. */
async function postDevnet<T>(page: Page, path: string, body: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(`/api${path}?cluster=devnet`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    { path, body },
  );
  assert.ok(answer.status < 300, `${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as T;
}

describe('On-Chain Auto-List in the browser, against a real validator', () => {
  before(async () => {
    cluster = await deployedCluster();
    site = await startPublisherSite();
    harness = await startHarness({ ...PUBLISHER_SITE_SERVER_ENV, MARQUEE_RPC_CLUSTERS: `devnet=${cluster.rpcUrl}` });
    films = await listFilms(cluster, FILMS, FILMS);
  });

  after(async () => {
    for (const socket of sockets) socket.close();
    await harness?.close();
    site?.close();
  });

  test(
    'On-Chain Auto-List in the browser: the wallet signs one transaction per six funded films, and each embed is on chain and listed',
    { timeout: 300_000 },
    async (t: TestContext) => {
      const [publisher] = await fundedWallets(cluster, 1, 5);
      const wallet = publisher.publicKey.toBase58();
      // Every funded film the server follows on the validator (the other suites' too) is one the publisher does not list yet.
      const funded = await harness.waitFor(
        'the server indexing the validator’s funded films',
        async () => {
          const listed = (await harness.api<{ id: number }[]>('/projects?status=funded&cluster=devnet')).map((project) => project.id);
          return films.every((film) => listed.includes(film.id)) ? listed.sort((a, b) => a - b) : undefined;
        },
        60_000,
      );

      const context = await onChainWalletContext(publisher);
      const page = await context.newPage();
      await page.goto(`${harness.origin}/embed`);
      await page.getByText('On-Chain Mode', { exact: true }).first().waitFor();
      await harness.connect(page, publisher);
      const { token } = await postDevnet<{ token: string }>(page, '/publishers/websites', { walletAddress: wallet, websiteUrl: `${site.origin}/` });
      site.content.token = token;
      await postDevnet(page, '/publishers/websites/verify', { walletAddress: wallet, websiteUrl: `${site.origin}/` });
      await page.reload();
      await page.getByText(`Website Verified: ${site.origin}`).waitFor();

      await page.getByRole('button', { name: films[0].title }).first().click();
      await page.getByRole('tab', { name: 'Embed Code' }).click();
      await page.getByText('Auto-List All Funded Movies').click();
      await page.getByRole('button', { name: 'Register Funded Films for Earnings' }).click();
      // The toast that ends it: the films listed, or why not.
      const outcome = page.getByText(/funded films? listed on|already listed|Films not listed/).first();
      await outcome.waitFor({ timeout: 120_000 });
      const said = await outcome.innerText();
      const toast = (await page.locator('[data-scope="toast"][data-part="root"]').allInnerTexts()).join(' | ');
      await shot(page, 'listed');
      const named = /Check signature (\w+)/.exec(toast)?.[1];
      const landed = named && (await cluster.connection.getSignatureStatus(named, { searchTransactionHistory: true })).value;
      assert.equal(said, `${funded.length} funded films listed on ${site.origin}`, `${toast} (on the validator: ${JSON.stringify(landed)})`);

      // One prompt per transaction of at most six films (the site's short address never fills a packet first).
      t.diagnostic(`${funded.length} funded films: ${Math.ceil(funded.length / AUTO_LIST_EMBEDS_PER_TRANSACTION)} wallet prompts`);
      const prompts = await page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e-wallet-prompts') ?? '[]') as string[]);
      assert.equal(prompts.filter((prompt) => prompt === 'signTransaction').length, Math.ceil(funded.length / AUTO_LIST_EMBEDS_PER_TRANSACTION));

      // The server lists each as the publisher's embed on the website, and the validator holds each.
      const embeds = await harness.api<{ embedId: string; projectId: number; websiteUrl: string }[]>(`/embeds?publisher=${wallet}&cluster=devnet`);
      assert.deepEqual(
        embeds.map((embed) => embed.projectId).sort((a, b) => a - b),
        funded,
      );
      for (const embed of embeds) {
        assert.equal(new URL(embed.websiteUrl).origin, site.origin);
        const account = await cluster.connection.getAccountInfo(pdas.embed(pdas.project(BigInt(embed.projectId)), publisher.publicKey, embed.embedId));
        assert.ok(account, `the embed of film ${embed.projectId} on chain`);
        assert.equal(decodeAccount('Embed', account.data).publisher.toBase58(), wallet);
      }
      await context.close();
    },
  );
});
