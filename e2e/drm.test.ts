// "DRM: films play only on verified websites", in headless Chromium: a publisher verifies its local
// site and registers an embed of a funded film; the snippet on that site plays (Play shows in the
// frame), the same snippet on another local site (another port, another origin) never loads the
// player — the browser refuses the frame under the page's frame-ancestors — and the player opened
// top-level says why it does not play.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Frame, Page } from 'playwright-core';
import { Keypair } from '@solana/web3.js';
import { startPublisherSite, withPublisherSite, type PublisherSite } from './publisher-site.ts';
import type { ApiProject, Harness } from './harness.ts';
import { journeyScreenshots } from './screenshots.ts';

const publisher = Keypair.generate();
let site: PublisherSite;
let harness: Harness;
let elsewhere: PublisherSite;
const shot = journeyScreenshots('drm');

withPublisherSite(async (started) => {
  ({ site, harness } = started);
  elsewhere = await startPublisherSite();
});

/** POSTs as the page's signed-in wallet; the answer's body, or a thrown error with its message. */
async function post<T>(page: Page, path: string, body: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(`/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: response.status, body: await response.json() };
    },
    { path, body },
  );
  assert.ok(answer.status < 300, `${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as T;
}

/** The player frame of a page of a site, once its document is Marquee's (a refused frame never is). */
const playerFrame = (page: Page, origin: string): Frame | undefined => page.frames().find((frame) => frame.url().startsWith(`${origin}/player/`));

test('the player plays on the embed’s verified site only: another site cannot frame it', { timeout: 300_000 }, async () => {
  try {
    const page = await harness.walletPage(publisher);
    await page.goto(`${harness.origin}/embed`);
    await harness.connect(page, publisher);
    const wallet = publisher.publicKey.toBase58();
    const { token } = await post<{ token: string }>(page, '/publishers/websites', { walletAddress: wallet, websiteUrl: `${site.origin}/` });
    site.content.token = token;
    await post(page, '/publishers/websites/verify', { walletAddress: wallet, websiteUrl: `${site.origin}/` });
    const film = (await harness.api<ApiProject[]>('/projects')).find((project) => project.status === 'funded')!;
    await post(page, '/demo/register-embed', { walletAddress: wallet, projectId: film.id, websiteUrl: `${site.origin}/`, embedId: 'embed-drm-1' });
    const embed = await harness.waitFor('the indexed embed', async () => {
      const list = await harness.api<{ embedId: string; embedCode: string; publisher: string }[]>(`/embeds?projectId=${film.id}`);
      return list.find((row) => row.embedId === 'embed-drm-1');
    });
    assert.ok(embed.embedCode.includes(`publisher=${embed.publisher}`), 'the snippet names the publisher');
    site.content.snippet = embed.embedCode;
    elsewhere.content.snippet = embed.embedCode;

    const visitor = await harness.browser.newPage();
    await visitor.goto(`${site.origin}/films.html`);
    await visitor.frameLocator('iframe').getByRole('button', { name: 'Play' }).waitFor({ timeout: 30_000 });
    await shot(visitor, 'verified-site-plays');

    const copycat = await harness.browser.newPage();
    const refused: string[] = [];
    copycat.on('console', (message) => refused.push(message.text()));
    await copycat.goto(`${elsewhere.origin}/films.html`);
    await copycat.waitForLoadState('load');
    // The frame's request is answered, but Chromium does not render a document whose frame-ancestors
    // exclude this site: the frame ends on the browser's error page, never Marquee's player, so there
    // is no Play to press.
    const child = () => copycat.frames().find((frame) => frame !== copycat.mainFrame());
    await harness.waitFor('the frame settled', async () => (child() && !['', 'about:blank'].includes(child()!.url()) ? true : undefined));
    assert.equal(
      playerFrame(copycat, harness.origin),
      undefined,
      `no player document on ${elsewhere.origin} (the frame is ${child()?.url()}; console: ${refused.join(' | ')})`,
    );
    assert.equal(await copycat.frameLocator('iframe').getByRole('button', { name: 'Play' }).count(), 0);
    await shot(copycat, 'other-site-refused');

    // Opened top-level (not framed by its site): the player says why, and offers no Play.
    const direct = await harness.browser.newPage();
    await direct.goto(/src="([^"]+)"/.exec(embed.embedCode)![1].replace(/&amp;/g, '&'));
    await direct
      .getByRole('alert')
      .filter({ hasText: `This film plays only inside its player on ${site.origin}` })
      .waitFor();
    assert.equal(await direct.getByRole('button', { name: 'Play' }).count(), 0);
    await shot(direct, 'refused-message');
  } finally {
    elsewhere?.close();
  }
});
