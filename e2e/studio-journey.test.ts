// End to end, the studio side, in headless Chromium against the real server: a new wallet lists a
// film with an uploaded thumbnail and finds it in the marketplace and on its page; it edits the film's
// details, whose new document's hash lands on chain (update_project_metadata); it applies for
// verification and the platform admin's wallet approves it (verify_studio), so the badge appears;
// an investor funds the film and the studio releases the funds, its balance rising by what was
// raised; an investor in the catalogue's last-call film, once that film closed short of its goal,
// takes back exactly what they put in. Three wallets, each in its own browser context.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { Keypair } from '@solana/web3.js';
import { startHarness, type ApiProject, type Harness } from './harness.ts';

const studio = Keypair.generate();
const admin = Keypair.generate();
const investor = Keypair.generate();
/** The last-call film closes this long after the server's first start. */
const LAST_CALL_SECONDS = 180;
const LAMPORTS_PER_SOL = 1_000_000_000n;
/** One signature's fee on the demo chain (the studio's release transaction). */
const SIGNATURE_FEE_LAMPORTS = 5000n;
const TITLE = `Harbour Lights ${Date.now() % 100_000}`;
/** A 1×1 PNG: the media store sniffs its magic bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let harness: Harness;
let files: string;
const pages: Record<'studio' | 'admin' | 'investor', Page> = {} as never;
let lastCall: ApiProject;
let refundableLamports: bigint;
let projectId: number;

before(async () => {
  harness = await startHarness({
    MARQUEE_DEMO_ADMIN_WALLET: admin.publicKey.toBase58(),
    MARQUEE_DEMO_LAST_CALL_SECONDS: String(LAST_CALL_SECONDS),
  });
  files = mkdtempSync(join(tmpdir(), 'marquee-e2e-files-'));
  writeFileSync(join(files, 'poster.png'), PNG);
  writeFileSync(join(files, 'registration.png'), PNG);
  writeFileSync(join(files, 'notes.txt'), 'not an image');
  for (const [name, wallet] of [['studio', studio], ['admin', admin], ['investor', investor]] as const) {
    pages[name] = await harness.walletPage(wallet);
    await pages[name].goto(`${harness.origin}/`);
    await harness.connect(pages[name], wallet);
  }
});

after(async () => {
  await harness?.close();
  if (files) rmSync(files, { recursive: true, force: true });
});

async function invest(page: Page, project: { id: number; title: string }, sol: string) {
  await page.goto(`${harness.origin}/project/${project.id}`);
  await page.getByRole('button', { name: 'Invest Now' }).first().click();
  await page.getByLabel('Investment amount (SOL)').fill(sol);
  await page.getByRole('button', { name: 'Confirm Investment' }).click();
  await page.getByText(`You've successfully invested ${sol} SOL in ${project.title}.`).first().waitFor();
}

test('an investor backs the last-call film while it is still open', { timeout: 120_000 }, async () => {
  const projects = await harness.api<ApiProject[]>('/projects');
  const closing = projects.filter((project) => project.status === 'funding' && Date.parse(project.deadline) - Date.now() < LAST_CALL_SECONDS * 1000);
  assert.equal(closing.length, 1, 'the catalogue has one last-call film');
  lastCall = closing[0];
  await invest(pages.investor, lastCall, '0.5');
  refundableLamports = LAMPORTS_PER_SOL / 2n;
});

test('a new wallet lists a film with an uploaded thumbnail and finds it in the marketplace and on its page', { timeout: 120_000 }, async () => {
  const page = pages.studio;
  await page.goto(`${harness.origin}/studio`);
  await page.getByRole('heading', { name: 'Production Portal' }).waitFor();
  await page.getByRole('tab', { name: 'Upload Content' }).click();
  const form = page.getByRole('form', { name: 'List Existing Movie for License' });

  // Nothing is sent until the form is valid; a thumbnail that is not a JPG/PNG is refused before upload.
  await form.getByRole('button', { name: 'List Movie' }).click();
  await form.getByText('Movie Title is required').waitFor();
  await form.getByLabel('Thumbnail (JPG/PNG, max 10MB)').setInputFiles(join(files, 'notes.txt'));
  await form.getByText('The thumbnail must be a JPG or PNG image').waitFor();

  await form.getByLabel('Movie Title').fill(TITLE);
  await form.getByLabel('Director Name').fill('Ines Ward');
  await form.getByLabel('Release Year').fill('1899');
  await form.getByLabel('License Type').selectOption('Non-Exclusive Streaming');
  await form.getByLabel('Funding Goal (USD)').fill('2000');
  await form.getByLabel('Funding Deadline').fill(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
  await form.getByLabel('Genres (comma-separated)').fill('Drama, Adventure');
  await form.getByLabel('Description').fill('A ferry captain’s last winter on the island.');
  await form.getByLabel('Thumbnail (JPG/PNG, max 10MB)').setInputFiles(join(files, 'poster.png'));
  await form.getByRole('button', { name: 'List Movie' }).click();
  await form.getByText('Release Year must be a year from 1900 to 2025').waitFor();
  assert.equal((await harness.api<ApiProject[]>('/projects')).some((project) => project.title === TITLE), false);

  await form.getByLabel('Release Year').fill('2024');
  await form.getByRole('button', { name: 'List Movie' }).click();
  await page.getByRole('button', { name: 'Listing Movie...' }).waitFor();
  await page.getByText('Project created successfully').first().waitFor({ timeout: 60_000 });
  const link = page.getByRole('link', { name: 'View transaction' }).first();
  assert.match((await link.getAttribute('href')) ?? '', /^\/api\/demo\/transactions\/\w+$/);

  const listed = await harness.waitFor('the listed film', async () =>
    (await harness.api<ApiProject[]>('/projects')).find((project) => project.title === TITLE),
  );
  projectId = listed.id;
  assert.match(listed.thumbnailUrl, /^\/api\/media\/[0-9a-f]{64}$/);
  const thumbnail = await fetch(`${harness.origin}${listed.thumbnailUrl}`);
  assert.equal(thumbnail.headers.get('content-type'), 'image/png');
  assert.deepEqual(Buffer.from(await thumbnail.arrayBuffer()), PNG);
  // The portal's Projects tab lists it.
  await page.getByTestId(`studio-project-${projectId}`).getByText('In Funding').waitFor();

  await page.goto(`${harness.origin}/marketplace`);
  const card = page.getByTestId('project-card').filter({ hasText: TITLE });
  await card.first().waitFor();
  await card.first().click();
  await page.getByRole('heading', { name: TITLE }).waitFor();
  assert.equal(await page.getByRole('img', { name: TITLE }).first().getAttribute('src'), listed.thumbnailUrl);
});

test("the studio edits its film: the new document's hash lands on chain and the film shows the edit", { timeout: 120_000 }, async () => {
  const page = pages.studio;
  const listed = await harness.api<ApiProject>(`/projects/${projectId}`);
  const description = 'A ferry captain’s last winter on the island, and the storm that ends it.';
  await page.goto(`${harness.origin}/studio`);
  await page.getByTestId(`studio-project-${projectId}`).getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${TITLE}` });
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Listing updated').first().waitFor({ timeout: 60_000 });
  await dialog.waitFor({ state: 'detached' });
  const link = page.getByRole('link', { name: 'View transaction' }).first();
  const href = (await link.getAttribute('href')) ?? '';
  assert.match(href, /^\/api\/demo\/transactions\/\w+$/);
  assert.match(await (await fetch(`${harness.origin}${href}`)).text(), /ProjectMetadataUpdated/);

  // The chain now records the hash of the edited document, and the API serves that document.
  const edited = await harness.api<ApiProject>(`/projects/${projectId}`);
  assert.notEqual(edited.metadataHash, listed.metadataHash);
  assert.equal(edited.description, description);
  assert.match(edited.metadataUri, new RegExp(`/api/metadata/${edited.metadataHash}$`));
  const document = await harness.api<Record<string, unknown>>(`/metadata/${edited.metadataHash}`);
  const canonical = JSON.stringify(document, Object.keys(document).sort());
  assert.equal(createHash('sha256').update(canonical).digest('hex'), edited.metadataHash);
  assert.equal(document.title, TITLE);
  assert.equal(document.thumbnailUrl, listed.thumbnailUrl);
  await page.goto(`${harness.origin}/project/${projectId}`);
  await page.getByText(description).first().waitFor();
});

test('the studio applies for verification; the admin approves it on chain and the badge appears', { timeout: 120_000 }, async () => {
  const page = pages.studio;
  await page.goto(`${harness.origin}/verification`);
  await page.getByRole('heading', { name: 'Studio Verification' }).waitFor();
  const form = page.getByRole('form', { name: 'Verification application' });
  await form.getByLabel('Studio name').fill('Harbour Films');
  await form.getByLabel('Contact email').fill('hello@harbour.example');
  await form.getByLabel('Studio website').fill('https://harbour.example');
  await form.getByLabel('About your studio').fill('Island stories, shot on the island.');
  await form.getByLabel(/^Documents/).setInputFiles(join(files, 'registration.png'));
  await form.getByRole('button', { name: 'Submit Application' }).click();
  await page.getByText('Application submitted').first().waitFor();
  await harness.waitFor('the tracker', async () =>
    (await page.getByTestId('step-application').getAttribute('data-state')) === 'completed' ? true : undefined,
  );
  assert.equal(await page.getByTestId('step-documents').getAttribute('data-state'), 'in-progress');
  // The listing registered the studio with this wallet's signature.
  assert.equal(await page.getByTestId('step-wallet').getAttribute('data-state'), 'completed');
  assert.equal(await page.getByTestId('step-approval').getAttribute('data-state'), 'pending');
  // The studio is not the admin: no review screen for it.
  assert.equal(await page.getByRole('heading', { name: 'Studio applications' }).count(), 0);

  const adminPage = pages.admin;
  await adminPage.goto(`${harness.origin}/verification`);
  const application = adminPage.locator('[data-testid^="application-"]').filter({ hasText: 'Harbour Films' });
  await application.waitFor();
  await application.getByRole('button', { name: 'Approve' }).click();
  await adminPage.getByText('Harbour Films is verified on chain.').first().waitFor({ timeout: 60_000 });

  await page.reload();
  await harness.waitFor('final approval', async () =>
    (await page.getByTestId('step-approval').getAttribute('data-state')) === 'completed' ? true : undefined,
  );
  await page.goto(`${harness.origin}/project/${projectId}`);
  await page.getByText('Verified studio').first().waitFor();
  assert.equal((await harness.api<ApiProject>(`/projects/${projectId}`)).studioVerified, true);
});

test('an investor funds the film; the studio releases the funds and its balance rises by the raised SOL', { timeout: 120_000 }, async () => {
  await invest(pages.investor, { id: projectId, title: TITLE }, '2');
  const funded = await harness.api<ApiProject>(`/projects/${projectId}`);
  assert.equal(funded.status, 'funded');
  const raised = BigInt(funded.raisedLamports);
  assert.equal(raised, 2n * LAMPORTS_PER_SOL);

  const page = pages.studio;
  const before = await harness.demoBalance(studio);
  await page.goto(`${harness.origin}/studio`);
  const row = page.getByTestId(`studio-project-${projectId}`);
  await row.getByText('Fully Funded').waitFor();
  await row.getByRole('button', { name: 'Release 2.000 SOL' }).click();
  await page.getByText('Funds released').first().waitFor({ timeout: 60_000 });
  await row.getByText('Funds released').waitFor();
  const after = await harness.demoBalance(studio);
  assert.equal(after - before, raised - SIGNATURE_FEE_LAMPORTS);
  assert.equal((await harness.api<ApiProject>(`/projects/${projectId}`)).fundsReleased, true);
});

test('once the last-call film closed unfunded, its investor takes back exactly what they put in', { timeout: 300_000 }, async () => {
  const page = pages.investor;
  await harness.waitFor(
    'the last-call film to close',
    async () => ((await harness.api<ApiProject>(`/projects/${lastCall.id}`)).status === 'failed' ? true : undefined),
    (LAST_CALL_SECONDS + 30) * 1000,
  );
  await page.goto(`${harness.origin}/project/${lastCall.id}`);
  await page.getByRole('button', { name: 'Funding Closed' }).waitFor();
  assert.equal(await page.getByTestId('refundable').innerText(), '0.500 SOL');
  const before = await harness.demoBalance(investor);
  await page.getByRole('button', { name: 'Refund 0.500 SOL' }).click();
  await page.getByText('0.500 SOL has been returned to your wallet.').first().waitFor({ timeout: 60_000 });
  const after = await harness.demoBalance(investor);
  // The SOL invested comes back (with the Investment account's rent), less the transaction's fee.
  assert.ok(after - before >= refundableLamports - SIGNATURE_FEE_LAMPORTS, `balance rose by ${after - before}`);
  const investments = await harness.api<{ projectId: number; refunded: boolean; amountLamports: string }[]>(
    `/investments/user/${investor.publicKey.toBase58()}`,
  );
  const position = investments.filter((investment) => investment.projectId === lastCall.id);
  assert.deepEqual(position.map((investment) => [investment.amountLamports, investment.refunded]), [[String(refundableLamports), true]]);
  await page.goto(`${harness.origin}/investments`);
  await page.getByText('Refunded').first().waitFor();
});
