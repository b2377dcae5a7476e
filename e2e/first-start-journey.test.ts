// First start, in headless Chromium against the real server on a fresh data folder with nothing set
// up beyond the server's own start (no MARQUEE_DEMO_ADMIN_WALLET): a visitor without any wallet
// extension reads the Studio page, signs in on /login with the Marquee Demo Wallet in one click,
// comes back to the film it was looking at, is told the minimum when it tries 0.01 SOL (nothing sent)
// and invests (the token share shows in the portfolio). Being
// the first wallet signed in, it is the platform admin (the header says so) and approves a studio's
// application. It completes a film, generates test revenue, and the bell lists the revenue to claim.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { Keypair } from '@solana/web3.js';
import { startHarness, type ApiProject, type Harness } from './harness.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const studio = Keypair.generate();

let harness: Harness;
let visitor: Page;
let files: string;
let demoAddress: string;

before(async () => {
  harness = await startHarness({}, { firstSignInAdmin: true });
  // No wallet extension: a plain browser context, without the injected test wallet.
  const context = await harness.browser.newContext({ viewport: { width: 1400, height: 1000 } });
  visitor = await context.newPage();
  files = mkdtempSync(join(tmpdir(), 'marquee-e2e-first-start-'));
  writeFileSync(join(files, 'registration.png'), PNG);
});

after(async () => {
  await harness?.close();
  if (files) rmSync(files, { recursive: true, force: true });
});

const left = (project: ApiProject) => BigInt(project.goalLamports) - BigInt(project.raisedLamports);

async function invest(page: Page, project: { id: number; title: string }, sol: string) {
  await page.goto(`${harness.origin}/project/${project.id}`);
  await page.getByRole('button', { name: 'Invest Now' }).first().click();
  await page.getByLabel('Investment amount (SOL)').fill(sol);
  await page.getByRole('button', { name: 'Confirm Investment' }).click();
  try {
    await page.getByText(`You've successfully invested ${sol} SOL in ${project.title}.`).first().waitFor({ timeout: 60_000 });
  } catch (error) {
    // Say what the page and the server said: the failure toast is gone long before this wait ends
    // (a Confirm before the reloaded page's wallet had signed in again once failed so, 1 run in 8).
    const toasts = await page.locator('[data-scope="toast"][data-part="root"]').allInnerTexts();
    throw new Error(`${String(error)}\ntoasts on screen: ${JSON.stringify(toasts)}\nthe server's output:\n${harness.output().slice(-4000)}`, { cause: error });
  }
}

test('a visitor without a wallet reads the Studio page, signs in with the Demo Wallet and invests', { timeout: 300_000 }, async () => {
  const origin = harness.origin;
  await visitor.goto(`${origin}/studio`);
  await visitor.getByRole('heading', { name: 'Production Portal' }).waitFor();
  await visitor.getByText('3. Claim the licence').waitFor();
  await visitor.getByRole('heading', { name: 'Connect Your Wallet' }).waitFor();

  const projects = await harness.api<ApiProject[]>('/projects');
  const film = projects.find((project) => project.status === 'funding' && left(project) > 1_000_000_000n)!;
  // From the film, the sign-in page; one click on the demo wallet; back to the film.
  await visitor.goto(`${origin}/login?next=${encodeURIComponent(`/project/${film.id}`)}`);
  await visitor.getByText('It is not a transaction: nothing is sent to the chain, no funds move and there is no fee.').waitFor();
  await visitor.getByRole('button', { name: 'Use the Demo Wallet' }).click();
  await harness.waitFor('the way back to the film', async () => (new URL(visitor.url()).pathname === `/project/${film.id}` ? true : undefined));
  const session = await harness.session(visitor);
  demoAddress = session.walletAddress;
  await visitor.getByTestId('demo-key-badge').waitFor();
  assert.equal(await visitor.getByTestId('demo-key-badge').innerText(), 'Demo key');
  // The demo chain funded the demo wallet like any other.
  await harness.waitFor('the demo funding', async () => {
    const body = await harness.api<{ balanceLamports: string }>(`/demo/wallets/${demoAddress}`);
    return body.balanceLamports === '15750000000' ? true : undefined;
  });
  // The first wallet signed in on this fresh install is the platform admin.
  await visitor.getByTestId('admin-badge').waitFor();
  const platform = await harness.api<{ adminWallet: string; adminSource: string }>('/platform');
  assert.deepEqual({ wallet: platform.adminWallet, source: platform.adminSource }, { wallet: demoAddress, source: 'first-sign-in' });

  await visitor.goto(`${origin}/debug`);
  assert.match(await visitor.getByTestId('debug-platform-admin').innerText(), new RegExp(`${demoAddress} \\(the first wallet signed in on this demo\\)`));

  // An invest below the program's minimum: the dialog says the minimum, and nothing is sent.
  await visitor.goto(`${origin}/project/${film.id}`);
  await visitor.getByRole('button', { name: 'Invest Now' }).first().click();
  await visitor.getByLabel('Investment amount (SOL)').fill('0.01');
  await visitor.getByRole('button', { name: 'Confirm Investment' }).click();
  assert.equal(await visitor.getByTestId('invest-amount-problem').innerText(), 'The minimum investment is 0.05 SOL.');
  const raised = async () => (await harness.api<ApiProject[]>('/projects')).find((project) => project.id === film.id)!.raisedLamports;
  assert.equal(await raised(), film.raisedLamports, 'nothing was invested');
  await visitor.keyboard.press('Escape');

  await invest(visitor, film, '0.05');
  await visitor.goto(`${origin}/investments`);
  await visitor.getByText(film.title).first().waitFor();
  await visitor.getByText(/^Token share /).first().waitFor();
});

test('a studio applies for verification and the first-signed-in admin approves it', { timeout: 300_000 }, async () => {
  const studioPage = await harness.walletPage(studio);
  await studioPage.goto(`${harness.origin}/verification`);
  // Readable before connecting: what verification offers, its steps and its support contact; its
  // actions ask to connect a wallet.
  await studioPage.getByRole('list', { name: 'How verification works' }).waitFor();
  await studioPage.getByText(/Questions about your verification\?/).waitFor();
  await studioPage.getByRole('heading', { name: 'Connect Your Wallet' }).waitFor();
  await harness.connect(studioPage, studio);
  await studioPage.getByRole('heading', { name: 'Studio Verification' }).waitFor();
  assert.equal(await studioPage.getByTestId('admin-badge').count(), 0, 'the second wallet is not the admin');
  const form = studioPage.getByRole('form', { name: 'Verification application' });
  await form.getByLabel('Studio name').fill('Tidewater Pictures');
  await form.getByLabel('Contact email').fill('hello@tidewater.example');
  await form.getByLabel('Studio website').fill('https://tidewater.example');
  await form.getByLabel('About your studio').fill('Coastal stories, shot on the coast.');
  await form.getByLabel(/^Documents/).setInputFiles(join(files, 'registration.png'));
  await form.getByRole('button', { name: 'Submit Application' }).click();
  await studioPage.getByText('Application submitted').first().waitFor();
  await studioPage.getByRole('button', { name: 'Sign with wallet' }).click();
  await studioPage.getByText('Your studio is registered on chain.').first().waitFor({ timeout: 60_000 });

  await visitor.goto(`${harness.origin}/verification`);
  const application = visitor.locator('[data-testid^="application-"]').filter({ hasText: 'Tidewater Pictures' });
  await application.waitFor();
  await application.getByRole('button', { name: 'Approve' }).click();
  await visitor.getByText('Tidewater Pictures is verified on chain.').first().waitFor({ timeout: 60_000 });

  // The studio hears of it in its bell.
  await studioPage.reload();
  await studioPage.getByTestId('notification-count').waitFor({ timeout: 60_000 });
  await studioPage.getByRole('button', { name: /^Notifications/ }).click();
  await studioPage.getByText('Studio verified').first().waitFor();
});

test('the bell lists the revenue to claim, and opens the claim screen', { timeout: 300_000 }, async () => {
  const projects = await harness.api<ApiProject[]>('/projects');
  const nearlyFunded = projects.find((project) => project.status === 'funding' && left(project) > 0n && left(project) < 5_000_000_000n)!;
  await invest(visitor, nearlyFunded, String(Number(left(nearlyFunded)) / 1e9));
  await visitor.goto(`${harness.origin}/revenue`);
  await visitor.getByRole('button', { name: 'Generate Test Revenue' }).click();
  await visitor.getByText(/SOL has been added to your claimable revenue\./).first().waitFor({ timeout: 60_000 });

  await visitor.reload();
  await visitor.getByTestId('notification-count').waitFor({ timeout: 60_000 });
  await visitor.getByRole('button', { name: /^Notifications/ }).click();
  const revenue = visitor.getByTestId('notification').filter({ hasText: 'Revenue to claim' });
  await revenue.first().waitFor();
  assert.match(await revenue.first().innerText(), /ad revenue is ready to claim/);
  await revenue.first().click();
  await harness.waitFor('the claim screen', async () => (new URL(visitor.url()).pathname === '/claim-revenue' ? true : undefined));
  // Opening it marked it read, for this wallet.
  await harness.waitFor('the notice marked read', async () => {
    const read = await visitor.evaluate(async () => (await (await fetch('/api/notifications?cluster=demo')).json()) as { notifications: { title: string; read: boolean }[] });
    return read.notifications.some((notice) => notice.title === 'Revenue to claim' && notice.read) ? true : undefined;
  });
  assert.deepEqual(harness.cspViolations, [], 'the dApp runs under its Content-Security-Policy');
});
