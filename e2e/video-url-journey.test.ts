// The video URL journey, in headless Chromium against the real server: a studio lists a film whose
// video is given by an https address. An address that does not load (a 404) stops the listing with a
// message under the Video URL field and nothing reaches the chain; a video of the wrong type or over
// 50 MB is refused where it is picked; an address that plays lists the film with it. The Edit dialog
// does the same: a dead address saves nothing, a playing one is saved. The videos come from a local
// HTTP server the test starts (serving a seeded trailer's bytes and 404s); the page reaches it under
// an https name (the app takes https videos only) through Playwright's request routing.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { Keypair } from '@solana/web3.js';
import { LISTING_VIDEO_URL_MESSAGE } from '@marquee/api-contract/listing-video-url';
import { startHarness, type ApiProject, type Harness } from './harness.ts';

/** The https name the page asks for; its requests are answered by the local video server. */
const VIDEO_HOST = 'https://videos.marquee.test';
const UNREACHABLE_VIDEO = 'The video could not be loaded from this URL: check that it is public and is an MP4 or WebM video';
const TITLE = `Night Ferry ${Date.now() % 100_000}`;
/** Just over the listing's 50 MB video limit. */
const TOO_LARGE_BYTES = 50 * 1024 * 1024 + 1;

type ListedProject = ApiProject & { videoUrl: string | null };

const studio = Keypair.generate();
let harness: Harness;
let page: Page;
let files: string;
let videoServer: http.Server;
/** Paths the video server was asked for: a refused address must have been tried, not skipped. */
const requested: string[] = [];

/** Serves `video` at /trailer.webm and /cut.webm, and 404 for anything else. */
async function startVideoServer(video: Buffer): Promise<string> {
  videoServer = http.createServer((request, response) => {
    requested.push(request.url ?? '');
    if (request.url === '/trailer.webm' || request.url === '/cut.webm') {
      return response.writeHead(200, { 'content-type': 'video/webm', 'content-length': video.length }).end(video);
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => videoServer.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(videoServer.address() as AddressInfo).port}`;
}

before(async () => {
  harness = await startHarness();
  // A real small video: the bytes of a trailer the seed rendered.
  const seeded = (await harness.api<ListedProject[]>('/projects')).find((project) => project.videoUrl);
  assert.ok(seeded?.videoUrl, 'a seeded film has a trailer');
  const video = Buffer.from(await (await fetch(`${harness.origin}${seeded.videoUrl}`)).arrayBuffer());
  const local = await startVideoServer(video);
  files = mkdtempSync(join(tmpdir(), 'marquee-e2e-video-'));
  writeFileSync(join(files, 'notes.txt'), 'not a video');
  writeFileSync(join(files, 'huge.webm'), Buffer.alloc(TOO_LARGE_BYTES));

  page = await harness.walletPage(studio);
  await page.route(`${VIDEO_HOST}/**`, async (route) => {
    const response = await route.fetch({ url: `${local}${new URL(route.request().url()).pathname}` });
    await route.fulfill({ response });
  });
  await page.goto(`${harness.origin}/`);
  await harness.connect(page, studio);
});

after(async () => {
  await harness?.close();
  videoServer?.closeAllConnections();
  videoServer?.close();
  if (files) rmSync(files, { recursive: true, force: true });
});

const listed = async () => (await harness.api<ListedProject[]>('/projects')).find((project) => project.title === TITLE);

/** The field's message (the FormField's error under the input). */
const fieldMessage = (scope: Locator, text: string) => scope.getByText(text, { exact: true });

test('a listing with a video URL that does not load is stopped with a message; one that plays is listed', { timeout: 180_000 }, async () => {
  await page.goto(`${harness.origin}/studio`);
  await page.getByRole('heading', { name: 'Production Portal' }).waitFor();
  await page.getByRole('tab', { name: 'Upload Content' }).click();
  const form = page.getByRole('form', { name: 'List Existing Movie for License' });

  // A file of the wrong type and one over 50 MB are refused where they are picked.
  const videoFile = form.getByLabel('Video file (MP4/WebM, max 50MB)');
  await videoFile.setInputFiles(join(files, 'notes.txt'));
  await fieldMessage(form, 'The video must be an MP4 or WebM file').waitFor();
  await videoFile.setInputFiles(join(files, 'huge.webm'));
  await fieldMessage(form, 'The video must be at most 50MB').waitFor();
  await videoFile.setInputFiles([]);

  await form.getByLabel('Movie Title').fill(TITLE);
  await form.getByLabel('Director Name').fill('Ines Ward');
  await form.getByLabel('Release Year').fill('2024');
  await form.getByLabel('License Type').selectOption('Non-Exclusive Streaming');
  await form.getByLabel('Funding Goal (USD)').fill('2000');
  await form.getByLabel('Funding Deadline').fill(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
  await form.getByLabel('Genres (comma-separated)').fill('Drama');
  await form.getByLabel('Description').fill('A night crossing, told from the engine room.');

  // A file refused, then a plain http address: neither is sent.
  await form.getByLabel('Video URL (https)').fill(`${VIDEO_HOST.replace('https:', 'http:')}/trailer.webm`);
  await form.getByRole('button', { name: 'List Movie' }).click();
  await fieldMessage(form, LISTING_VIDEO_URL_MESSAGE).waitFor();

  // An https address that answers 404: the browser tries it, the message shows under the field, nothing is listed.
  await form.getByLabel('Video URL (https)').fill(`${VIDEO_HOST}/missing.webm`);
  await form.getByRole('button', { name: 'List Movie' }).click();
  await fieldMessage(form, UNREACHABLE_VIDEO).waitFor({ timeout: 30_000 });
  assert.ok(requested.includes('/missing.webm'), 'the address was tried in the browser');
  await form.getByRole('button', { name: 'List Movie' }).waitFor();
  assert.equal(await listed(), undefined, 'nothing was listed');

  // An address that plays: the film is listed with it.
  await form.getByLabel('Video URL (https)').fill(`${VIDEO_HOST}/trailer.webm`);
  await form.getByRole('button', { name: 'List Movie' }).click();
  await page.getByText('Project created successfully').first().waitFor({ timeout: 60_000 });
  const film = await harness.waitFor('the listed film', listed);
  assert.equal(film.videoUrl, `${VIDEO_HOST}/trailer.webm`);
  assert.ok(requested.includes('/trailer.webm'));
});

test('the Edit dialog refuses a video URL that does not load and saves one that plays', { timeout: 180_000 }, async () => {
  const film = await listed();
  assert.ok(film, 'the film of the first test');
  const openDialog = async () => {
    await page.goto(`${harness.origin}/studio`);
    await page.getByTestId(`studio-project-${film.id}`).getByRole('button', { name: 'Edit' }).click();
    return page.getByRole('dialog', { name: `Edit ${TITLE}` });
  };

  let dialog = await openDialog();
  await dialog.getByLabel('Video URL (https)').fill(`${VIDEO_HOST}/gone.webm`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await fieldMessage(dialog, UNREACHABLE_VIDEO).waitFor({ timeout: 30_000 });
  assert.ok(requested.includes('/gone.webm'));
  // The dialog stays open with the message, and the film keeps its video.
  assert.equal(await dialog.isVisible(), true);
  assert.equal((await harness.api<ListedProject>(`/projects/${film.id}`)).videoUrl, `${VIDEO_HOST}/trailer.webm`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  dialog = await openDialog();
  await dialog.getByLabel('Video URL (https)').fill(`${VIDEO_HOST}/cut.webm`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Listing updated').first().waitFor({ timeout: 60_000 });
  await harness.waitFor('the edited video', async () =>
    (await harness.api<ListedProject>(`/projects/${film.id}`)).videoUrl === `${VIDEO_HOST}/cut.webm` ? true : undefined,
  );
});
