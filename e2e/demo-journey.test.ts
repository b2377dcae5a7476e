// End to end, in headless Chromium against the real server (API + built dApp + demo chain running
// marquee.so): a person connects a wallet in demo mode, invests 0.05 SOL, completes a film close
// to its goal, generates test revenue on it and claims it, and every figure on screen follows the
// demo chain through the indexer. E2E_TOPOLOGY=pg-cluster runs it against two API processes and a
// leader on PostgreSQL (e2e/servers.ts).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { Keypair } from '@solana/web3.js';
import { harnessCalls, startHarness, type ApiProject, type Harness } from './harness.ts';

const wallet = Keypair.generate();
let harness: Harness;
let page: Page;
let origin: string;
const { api, waitFor } = harnessCalls(() => harness);
const demoBalance = async () => Number(await harness.demoBalance(wallet));

before(async () => {
  harness = await startHarness();
  origin = harness.origin;
  page = await harness.walletPage(wallet);
});

after(async () => {
  await harness?.close();
});

// E2E_SCREENSHOT_DIR=/some/dir keeps a picture of each stage.
const shot = (name: string) =>
  process.env.E2E_SCREENSHOT_DIR ? page.screenshot({ path: join(process.env.E2E_SCREENSHOT_DIR, `${name}.png`) }) : Promise.resolve();

test('demo journey: connect, invest, complete a film, generate revenue, claim it', { timeout: 600_000 }, async () => {
  // Connect through wallet-adapter's modal, as a person would.
  await page.goto(`${origin}/`);
  await page.getByRole('button', { name: 'Connect Wallet' }).first().click();
  await page.getByText('E2E Wallet').first().click();
  await page.getByText('Connected', { exact: true }).first().waitFor();
  // Connecting signed in with the wallet: the browser holds a session of this wallet.
  const session = await harness.session(page);
  assert.equal(session.walletAddress, wallet.publicKey.toBase58());
  // Without that session nobody can act for the wallet.
  const forged = await fetch(`${origin}/api/demo/invest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ walletAddress: wallet.publicKey.toBase58(), projectId: 0, amount: 1 }),
  });
  assert.equal(forged.status, 401);
  const balanceText = page.getByTestId('wallet-balance');
  await balanceText.waitFor();
  assert.match(await balanceText.innerText(), /15\.7500 SOL/);
  const startBalance = await demoBalance();
  assert.equal(startBalance, 15_750_000_000);

  // Invest 0.05 SOL in a film still funding.
  const projects = await api<ApiProject[]>('/projects');
  const left = (project: ApiProject) => BigInt(project.goalLamports) - BigInt(project.raisedLamports);
  const open = projects.filter((project) => project.status === 'funding');
  const nearlyFunded = open.find((project) => left(project) > 0n && left(project) < 5_000_000_000n);
  assert.ok(nearlyFunded, 'the seeded catalogue has a film less than 5 SOL short of its goal');
  const target = open.find((project) => project.id !== nearlyFunded.id && left(project) > 1_000_000_000n)!;
  await page.goto(`${origin}/project/${target.id}`);
  const investorsBefore = target.investorCount;
  await page.getByRole('button', { name: 'Invest Now' }).first().click();
  const amount = page.getByLabel('Investment amount (SOL)');
  assert.equal(await amount.inputValue(), '0.05');
  await page.getByRole('button', { name: 'Confirm Investment' }).click();
  await page.getByText(`You've successfully invested 0.05 SOL in ${target.title}.`).first().waitFor();
  await waitFor('the investor count to rise on the page', async () =>
    (await page.getByTestId('investor-count').innerText()) === String(investorsBefore + 1) ? true : undefined,
  );
  const afterFirst = await api<ApiProject>(`/projects/${target.id}`);
  assert.equal(BigInt(afterFirst.raisedLamports) - BigInt(target.raisedLamports), 50_000_000n);
  await page.goto(`${origin}/investments`);
  await page.getByText(target.title).first().waitFor();
  await shot('investments');

  // Invest exactly what is left of the nearly funded film: it becomes Funded.
  const rest = Number(left(nearlyFunded)) / 1e9;
  await page.goto(`${origin}/project/${nearlyFunded.id}`);
  await page.getByRole('button', { name: 'Invest Now' }).first().click();
  await page.getByLabel('Investment amount (SOL)').fill(String(rest));
  await page.getByRole('button', { name: 'Confirm Investment' }).click();
  await page.getByText(`You've successfully invested ${rest} SOL in ${nearlyFunded.title}.`).first().waitFor();
  await page.getByText('100% Funded').first().waitFor();
  assert.equal((await api<ApiProject>(`/projects/${nearlyFunded.id}`)).status, 'funded');
  await shot('funded');

  // Generate test revenue (a real distribute_revenue on the demo chain), then claim it.
  await page.goto(`${origin}/revenue`);
  await page.getByRole('button', { name: 'Generate Test Revenue' }).click();
  await page.getByText(/SOL has been added to your claimable revenue\./).first().waitFor();
  const unclaimed = await waitFor('unclaimed revenue', async () => {
    const body = await api<{ total: number; distributions: unknown[] }>(`/revenue/unclaimed/${wallet.publicKey.toBase58()}`);
    return body.total > 0 ? body : undefined;
  });
  const beforeClaim = await demoBalance();
  await page.goto(`${origin}/claim-revenue`);
  const available = page.getByTestId('claim-available');
  await waitFor('the claimable amount', async () => ((await available.innerText()) !== '0.00 SOL' ? true : undefined));
  await page.getByRole('button', { name: /^Claim .* SOL$/ }).click();
  await page.getByText('Claim Successful!').first().waitFor({ timeout: 60_000 });
  await shot('claimed');
  const afterClaim = await waitFor('the claim to reach the balance', async () => {
    const balance = await demoBalance();
    return balance > beforeClaim ? balance : undefined;
  });
  // The balance rose by the claimed amount (thousandths of SOL in the API, lamports on chain).
  const claimedLamports = afterClaim - beforeClaim;
  assert.ok(Math.abs(claimedLamports - unclaimed.total * 1e6) <= 1e6, `claimed ${claimedLamports} lamports for ${unclaimed.total} thousandths`);
  const after = await api<{ total: number }>(`/revenue/unclaimed/${wallet.publicKey.toBase58()}`);
  assert.equal(after.total, 0);
  assert.deepEqual(harness.cspViolations, [], 'the dApp runs under its Content-Security-Policy');
  // In demo mode the sign-in was the only thing the wallet was asked to sign.
  assert.deepEqual(await page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e-wallet-prompts') ?? '[]')), ['signIn']);
});
