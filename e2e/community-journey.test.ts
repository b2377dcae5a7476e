// End to end, the community side in headless Chromium against the real server (API + built dApp +
// demo chain; under E2E_TOPOLOGY=pg-cluster two API processes behind a round-robin proxy, so a chat
// stream and the post it shows land on different processes): two wallets in two browser contexts
// chat live on one hub and vote in the studio's poll (once each: a second vote says "Already Voted"),
// the debug page runs its five actions green on the demo chain and a failing one red, and the
// analytics page draws its charts from indexed data.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { Keypair } from '@solana/web3.js';
import { startPublisherSite, type PublisherSite } from './publisher-site.ts';
import { harnessCalls, startHarness, type ApiProject, type Harness } from './harness.ts';

const studioWallet = Keypair.generate();
const fanWallet = Keypair.generate();
/** The Debug page's wallet: the platform admin, whose the demo's clock and settlement are. */
const debugWallet = Keypair.generate();
let harness: Harness;
let origin = '';
/** The debug wallet's website (loopback): it serves the verification token, so its views count. */
let site: PublisherSite;

const { api, waitFor } = harnessCalls(() => harness);

/** A browser context whose page has `wallet` installed as the Wallet Standard "E2E Wallet", connected and signed in. */
async function connectedPage(wallet: Keypair): Promise<{ context: BrowserContext; page: Page }> {
  const page = await harness.walletPage(wallet);
  await page.goto(`${origin}/`);
  await harness.connect(page, wallet);
  return { context: page.context(), page };
}

before(async () => {
  site = await startPublisherSite();
  // The debug wallet's website is on loopback, which verification refuses unless told otherwise.
  harness = await startHarness({ MARQUEE_VERIFY_ALLOW_LOOPBACK: '1', MARQUEE_DEMO_ADMIN_WALLET: debugWallet.publicKey.toBase58() });
  origin = harness.origin;
});

after(async () => {
  await harness?.close();
  site?.close();
});

test('collaboration: two browsers see each other’s chat live; a vote counts once, a second says Already Voted', { timeout: 300_000 }, async () => {
  const studio = await connectedPage(studioWallet);
  const fan = await connectedPage(fanWallet);

  // The studio wallet lists a film on the demo chain (its demo key signs for it), so it is that film's studio.
  const listed = await studio.page.evaluate(async (walletAddress) => {
    const response = await fetch('/api/demo/projects?cluster=demo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        walletAddress,
        title: 'Harbour Lights',
        description: 'A lighthouse keeper and a storm.',
        directorName: 'Ines Varga',
        releaseYear: 2024,
        licenseType: 'Exclusive Streaming',
        fundingGoal: 20_000,
        deadline: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        genres: 'Drama',
      }),
    });
    return { status: response.status, body: await response.json() };
  }, studioWallet.publicKey.toBase58());
  assert.equal(listed.status, 201, JSON.stringify(listed.body));
  const projectId = (listed.body as { projectId: number }).projectId;
  const hub = `${origin}/collaboration/${projectId}`;

  await studio.page.goto(hub);
  await fan.page.goto(hub);
  await studio.page.getByRole('heading', { name: 'Harbour Lights Collaboration' }).waitFor();
  await fan.page.getByRole('heading', { name: 'Harbour Lights Collaboration' }).waitFor();
  await studio.page.getByText('Live', { exact: true }).waitFor();
  await fan.page.getByText('Live', { exact: true }).waitFor();

  // Chat: each message appears in the other browser without a reload.
  await fan.page.getByRole('textbox', { name: 'Message' }).fill('First light from the fan');
  await fan.page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await fan.page.getByText('Message Sent').first().waitFor();
  await studio.page.getByText('First light from the fan').waitFor({ timeout: 15_000 });
  await studio.page.getByRole('textbox', { name: 'Message' }).fill('Welcome aboard, says the studio');
  await studio.page.getByRole('button', { name: 'Send' }).click();
  await fan.page.getByText('Welcome aboard, says the studio').waitFor({ timeout: 15_000 });
  // A blank message is ignored.
  await fan.page.getByRole('textbox', { name: 'Message' }).fill('   ');
  await fan.page.getByRole('textbox', { name: 'Message' }).press('Enter');
  const history = await api<{ text: string }[]>(`/collaboration/${projectId}/messages`);
  assert.deepEqual(history.map((message) => message.text), ['First light from the fan', 'Welcome aboard, says the studio']);

  // The studio opens a poll from its hub; the fan votes once, and a second vote is refused.
  await studio.page.getByRole('tab', { name: 'Polls & Voting' }).click();
  await studio.page.getByLabel('Poll question').fill('Which poster?');
  await studio.page.getByLabel('Option 1').fill('The lighthouse');
  await studio.page.getByLabel('Option 2').fill('The storm');
  await studio.page.getByRole('button', { name: 'Create Poll' }).click();
  await studio.page.getByText('Poll created').first().waitFor();

  await fan.page.getByRole('tab', { name: 'Polls & Voting' }).click();
  await fan.page.reload();
  await fan.page.getByRole('tab', { name: 'Polls & Voting' }).click();
  await fan.page.getByText('Which poster?').waitFor();
  await fan.page.getByText('Active', { exact: true }).waitFor();
  await fan.page.getByRole('button', { name: 'Vote Option 2' }).click();
  await fan.page.getByText('Vote Recorded').first().waitFor();
  await fan.page.getByText('1 vote (100%)').waitFor();
  await fan.page.getByRole('button', { name: 'Vote Option 1' }).click();
  await fan.page.getByText('Already Voted').first().waitFor();
  await fan.page.getByText("You've already cast your vote on this poll.").first().waitFor();
  const [poll] = await api<{ totalVotes: number; options: { votes: number }[] }[]>(`/collaboration/${projectId}/polls`);
  assert.equal(poll.totalVotes, 1);
  assert.deepEqual(poll.options.map((option) => option.votes), [0, 1]);

  await studio.context.close();
  await fan.context.close();
});

test('debug page: the five actions succeed in green on the demo chain, a failing one shows red', { timeout: 300_000 }, async () => {
  const { context, page } = await connectedPage(debugWallet);
  // Views count only on a website the embed's publisher verified: the wallet verifies its site first.
  // Posted from the page: it carries the wallet's session (the publisher routes act for the signed-in wallet only).
  const post = async (path: string, body: unknown) => {
    const answer = await page.evaluate(
      async ({ path, body }) => {
        const response = await fetch(`/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        return { ok: response.ok, status: response.status, text: await response.text() };
      },
      { path, body },
    );
    assert.ok(answer.ok, `${path} answered ${answer.status}: ${answer.text}`);
    return JSON.parse(answer.text) as { token: string; status: string };
  };
  const walletAddress = debugWallet.publicKey.toBase58();
  site.content.token = (await post('/publishers/websites', { walletAddress, websiteUrl: site.origin })).token;
  assert.equal((await post('/publishers/websites/verify', { walletAddress, websiteUrl: site.origin })).status, 'verified');
  const projects = await api<ApiProject[]>('/projects');
  const left = (project: ApiProject) => BigInt(project.goalLamports) - BigInt(project.raisedLamports);
  const nearlyFunded = projects.find((project) => project.status === 'funding' && left(project) > 0n && left(project) < 5_000_000_000n);
  assert.ok(nearlyFunded, 'the seeded catalogue has a film less than 5 SOL short of its goal');
  // Views are paid by advertisers: a sponsorship of the film pays for the simulated view,
  // at 2 SOL per 1,000 views so that the one view pays more than the rent of the distribution
  // account its settlement creates (a smaller batch waits for more views); its budget pays the
  // 1,000 impressions a campaign must afford.
  await post('/demo/campaigns', {
    walletAddress,
    adType: 'sponsorship',
    sponsoredProjectId: nearlyFunded.id,
    pricePerMille: 2,
    budget: 2,
    creativeUri: 'https://ads.example/popcorn.mp4',
    creativeHash: 'ab'.repeat(32),
    targetGenres: [],
    endAt: new Date(Date.now() + 10 * 86_400_000).toISOString(),
  });

  await page.goto(`${origin}/debug`);
  await page.getByRole('heading', { name: 'Marquee Debug' }).waitFor();
  await page.getByRole('tab', { name: 'Actions' }).click();
  await page.getByLabel('Project', { exact: true }).selectOption(String(nearlyFunded.id));
  const amount = page.getByLabel('Investment amount (thousandths of SOL)');
  assert.equal(await amount.inputValue(), '1000');
  // Exactly what is left of the goal, in thousandths of SOL: the investment funds the film.
  await amount.fill(String(Number(left(nearlyFunded)) / 1e6));
  await page.getByLabel('Website URL').fill(site.origin);

  const results = page.getByTestId('debug-result');
  const act = async (button: string, expected: RegExp, tone: 'success' | 'error') => {
    const before = await results.count();
    const target = page.getByRole('button', { name: button });
    await waitFor(`${button} to be enabled`, async () => ((await target.isEnabled()) ? true : undefined), 60_000);
    await target.click();
    await waitFor(`the result of ${button}`, async () => ((await results.count()) > before ? true : undefined), 60_000);
    const newest = results.first();
    const text = await newest.innerText();
    assert.match(text, expected, `${button}: ${text}`);
    assert.equal(await newest.getAttribute('data-tone'), tone, `${button}: ${text}`);
    const color = await newest.getByTestId('debug-result-text').evaluate((element) => getComputedStyle(element).color);
    const [red, green] = color.match(/\d+/g)!.map(Number);
    assert.ok(tone === 'error' ? red > green : green > red, `${button} is drawn ${tone === 'error' ? 'red' : 'green'} (${color})`);
  };

  await act('Invest', /^Investment successful! Transaction: \w+/, 'success');
  await act('Claim License', /^License claimed successfully!$/, 'success');
  await act('Generate Embed Code', /^Embed code generated successfully!$/, 'success');
  await page.getByTestId('debug-embed-code').waitFor();
  await act('Simulate View', /^View tracked successfully! Revenue distribution created\.$/, 'success');
  await act('Claim All Revenue', /^Revenue claimed successfully: Your revenue has been sent to your wallet\.$/, 'success');
  // Nothing is left to claim: the same action now fails, in red.
  await act('Claim All Revenue', /^Revenue claim failed: .*No revenue to claim/, 'error');

  const film = await api<ApiProject & { totalViews: number }>(`/projects/${nearlyFunded.id}`);
  assert.equal(film.status, 'funded');
  assert.equal(film.fundsReleased, true);
  assert.equal(film.totalViews >= 1, true);
  await context.close();
});

test('analytics: the charts are drawn from the indexed data', { timeout: 120_000 }, async () => {
  const context = await harness.browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  const platform = await api<{ funding: { raised: number }[]; daily: { revenue: number }[]; projects: { title: string }[] }>('/analytics/platform');
  assert.ok(platform.funding.length > 0 && platform.daily.length > 0, 'the seeded catalogue has investments and revenue');
  await page.goto(`${origin}/analytics`);
  await page.getByRole('heading', { name: 'Analytics' }).waitFor();
  // The data tables sit in closed <details> under the charts: present in the page, not visible.
  const table = (name: string) => page.locator(`table[aria-label="${name}"]`);
  await table('Funding over time').waitFor({ state: 'attached' });
  // recharts drew an SVG for each of the four platform charts.
  await waitFor('the charts', async () => ((await page.locator('.recharts-surface').count()) >= 4 ? true : undefined));
  assert.ok((await page.locator('.recharts-bar-rectangle').count()) > 0, 'bars are drawn');
  // The tables behind the charts carry the API's figures.
  const lastRaised = platform.funding.at(-1)!.raised / 1000;
  const fundingTable = await table('Funding over time').textContent();
  assert.ok(fundingTable!.includes(`${lastRaised.toFixed(3)} SOL`), `funding table shows ${lastRaised.toFixed(3)} SOL`);
  const perFilm = await table('Per film').textContent();
  for (const film of platform.projects) assert.ok(perFilm!.includes(film.title), `${film.title} is in the per-film table`);
  await context.close();
});
