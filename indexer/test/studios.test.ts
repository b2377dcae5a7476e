// @differs-on-postgres: test/all.ts runs this file on PostgreSQL too
// The studio side against the demo chain in process: a new wallet lists a film (registering its
// studio), saves its settings, applies for verification; the platform admin's wallet rejects with
// a reason, then approves with verify_studio; the verified cap applies; investors fund the film and
// the studio releases exactly what was raised, once; an edit changes the film's metadata and its hash on chain; an
// investor in a film past its deadline unfunded takes back exactly what they put in. Each refusal
// (wrong wallet, over the cap, second release, refund of a funded film) changes nothing.
import anchor from '@coral-xyz/anchor';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ExtensionType, TOKEN_2022_PROGRAM_ID, getExtensionData, unpackMint } from '@solana/spl-token';
import { unpack as unpackMetadata } from '@solana/spl-token-metadata';
import { createApp } from '../src/api/app.ts';
import { startDemo, type DemoRuntime } from '../src/demo/index.ts';
import { demoDataDir, discardDemo, jsonRequest, movableClock } from './helpers/demo-app.ts';
import { signIn } from './helpers/sign-in.ts';

const STUDIO_KEY = anchor.web3.Keypair.generate();
const INVESTOR_KEY = anchor.web3.Keypair.generate();
const ADMIN_KEY = anchor.web3.Keypair.generate();
const STUDIO = STUDIO_KEY.publicKey.toBase58();
const INVESTOR = INVESTOR_KEY.publicKey.toBase58();
const ADMIN = ADMIN_KEY.publicKey.toBase58();
const DOCUMENT = { name: 'registration.png', url: `/api/media/${'ab'.repeat(32)}`, sha256: 'ab'.repeat(32) };
const LAST_CALL_SECONDS = 600;

type Json = any;
type As = 'studio' | 'investor' | 'admin' | null;

describe('studios', () => {
  const { dataDir, storage } = demoDataDir('studios');
  let demo: DemoRuntime;
  const clock = movableClock();
  const now = clock.now;
  const sessions: Record<Exclude<As, null>, string> = { studio: '', investor: '', admin: '' };
  let request: (method: string, path: string, body?: unknown, as?: As) => Promise<{ status: number; body: Json }>;

  before(async () => {
    demo = await startDemo({ ...storage, origin: 'http://localhost:8787', settlementIntervalMs: 0, now, adminWallet: ADMIN, lastCallSeconds: LAST_CALL_SECONDS });
    demo.cluster.indexer.start();
    const app = createApp({ clusters: [demo.cluster], demo: demo.extension, now });
    sessions.studio = await signIn(app, STUDIO_KEY);
    sessions.investor = await signIn(app, INVESTOR_KEY);
    sessions.admin = await signIn(app, ADMIN_KEY);
    request = async (method, path, body, as = 'studio') => {
      const cookie = as ? sessions[as] : undefined;
      return jsonRequest(app, method, path, body, cookie ? { cookie } : {});
    };
    for (const [wallet, as] of [[STUDIO, 'studio'], [INVESTOR, 'investor'], [ADMIN, 'admin']] as const) {
      assert.equal((await request('POST', '/api/demo/wallets', { walletAddress: wallet }, as)).status, 200);
    }
  });

  after(() => discardDemo(demo, storage, dataDir));

  const balance = async (wallet: string) => BigInt((await request('GET', `/api/demo/wallets/${wallet}`)).body.balanceLamports);
  const listing = (overrides: Record<string, unknown> = {}) => ({
    walletAddress: STUDIO,
    title: 'Harbour Lights',
    description: 'A ferry captain’s last winter on the island.',
    directorName: 'Ines Ward',
    releaseYear: 2024,
    licenseType: 'Non-Exclusive Streaming',
    fundingGoal: 2000,
    deadline: new Date(now() + 30 * 86_400_000).toISOString(),
    genres: ['Drama'],
    studioName: 'Harbour Films',
    ...overrides,
  });
  let projectId: number;

  test('the platform states its admin and caps; only the admin wallet is admin', async () => {
    const platform = await request('GET', '/api/platform');
    assert.equal(platform.status, 200);
    assert.equal(platform.body.unverifiedFundingCap, 500_000);
    assert.equal(platform.body.verifiedFundingCap, 10_000_000);
    assert.equal(platform.body.maxFundingWindowDays, 365);
    const admin = await request('GET', `/api/studios/${ADMIN}`);
    assert.equal(admin.body.isAdmin, true);
    assert.equal(admin.body.chainAddress, platform.body.admin);
    const studio = await request('GET', `/api/studios/${STUDIO}`);
    assert.deepEqual({ isAdmin: studio.body.isAdmin, studio: studio.body.studio, application: studio.body.application }, { isAdmin: false, studio: null, application: null });
  });

  test('a new wallet lists a film: register_studio + create_project; the studio is unverified with the lower cap', async () => {
    const overCap = await request('POST', '/api/demo/projects', listing({ fundingGoal: 600_000 }));
    assert.equal(overCap.status, 400);
    assert.match(overCap.body.message, /cap/i);
    assert.equal((await request('GET', `/api/studios/${STUDIO}`)).body.studio, null, 'a refused listing registers nothing');

    const listed = await request('POST', '/api/demo/projects', listing());
    assert.equal(listed.status, 201, listed.body.message);
    projectId = listed.body.projectId;
    const project = (await request('GET', `/api/projects/${projectId}`)).body;
    assert.equal(project.title, 'Harbour Lights');
    assert.equal(project.studioName, 'Harbour Films');
    assert.equal(project.studioVerified, false);
    const overview = (await request('GET', `/api/studios/${STUDIO}`)).body;
    assert.equal(overview.studio.name, 'Harbour Films');
    assert.equal(overview.studio.verified, false);
    assert.equal(overview.studio.fundingCap, 500_000);
    assert.equal(project.studioAuthority, overview.chainAddress);
    const mine = (await request('GET', `/api/projects?studio=${overview.chainAddress}`)).body;
    assert.deepEqual(mine.map((film: Json) => film.id), [projectId]);

    const page = await request('GET', `/api/demo/transactions/${listed.body.signature}`);
    assert.equal(page.status, 200);
    assert.match(page.body, /ProjectCreated/);
    assert.match(page.body, /StudioRegistered/);
  });

  test('studio settings are saved for the wallet’s session only', async () => {
    const profile = { name: 'Harbour Films', description: 'Island stories.' };
    assert.equal((await request('PUT', `/api/studios/${STUDIO}/profile`, profile, null)).status, 401);
    assert.equal((await request('PUT', `/api/studios/${STUDIO}/profile`, profile, 'investor')).status, 403);
    assert.equal((await request('PUT', `/api/studios/${STUDIO}/profile`, { name: ' ', description: '' })).status, 400);
    assert.equal((await request('PUT', `/api/studios/${STUDIO}/profile`, profile)).status, 200);
    assert.deepEqual((await request('GET', `/api/studios/${STUDIO}`)).body.profile.name, 'Harbour Films');
  });

  test('verification: apply, rejected with a reason the studio reads, apply again, approved by verify_studio', async () => {
    const application = { walletAddress: STUDIO, studioName: 'Harbour Films', contactEmail: 'hello@harbour.example', website: 'https://harbour.example', description: 'Island stories.', documents: [DOCUMENT] };
    assert.equal((await request('POST', '/api/verification/applications', application, 'investor')).status, 403);
    assert.equal((await request('POST', '/api/verification/applications', { ...application, documents: [] })).status, 400);
    const first = await request('POST', '/api/verification/applications', application);
    assert.equal(first.status, 201, first.body.message);
    assert.equal(first.body.status, 'submitted');
    assert.equal((await request('POST', '/api/verification/applications', application)).status, 409);

    // The application's contact e-mail, website, description and documents: the studio's and the admin's only.
    const PRIVATE_FIELDS = ['contactEmail', 'website', 'description', 'documents', 'rejectionReason'];
    for (const as of ['studio', 'admin'] as const) {
      const own = (await request('GET', `/api/studios/${STUDIO}`, undefined, as)).body.application;
      assert.equal(own.contactEmail, 'hello@harbour.example', as);
      assert.deepEqual(own.documents, [DOCUMENT], as);
    }
    for (const as of [null, 'investor'] as const) {
      const shown = (await request('GET', `/api/studios/${STUDIO}`, undefined, as)).body.application;
      assert.equal(shown.status, 'submitted', String(as));
      assert.equal(shown.studioName, 'Harbour Films', String(as));
      for (const field of PRIVATE_FIELDS) assert.equal(field in shown, false, `${field} shown to ${as}`);
    }

    assert.equal((await request('GET', '/api/verification/applications', undefined, 'studio')).status, 403);
    assert.equal((await request('GET', '/api/verification/applications', undefined, null)).status, 401);
    const list = await request('GET', '/api/verification/applications', undefined, 'admin');
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.map((entry: Json) => entry.id), [first.body.id]);
    assert.equal(list.body[0].studio.name, 'Harbour Films');

    assert.equal((await request('POST', `/api/verification/applications/${first.body.id}/reject`, { reason: 'Unreadable scan' }, 'studio')).status, 403);
    const rejected = await request('POST', `/api/verification/applications/${first.body.id}/reject`, { reason: 'Unreadable scan' }, 'admin');
    assert.equal(rejected.status, 200);
    const seen = (await request('GET', `/api/studios/${STUDIO}`)).body.application;
    assert.deepEqual({ status: seen.status, reason: seen.rejectionReason }, { status: 'rejected', reason: 'Unreadable scan' });

    const second = await request('POST', '/api/verification/applications', application);
    assert.equal(second.status, 201);
    const studioAuthority = (await request('GET', `/api/studios/${STUDIO}`)).body.chainAddress;
    // Another wallet cannot sign as the admin: refused before anything is sent.
    const forged = await request('POST', '/api/demo/verify-studio', { walletAddress: STUDIO, studio: studioAuthority, verified: true });
    assert.equal(forged.status, 403);
    assert.equal((await request('GET', `/api/studios/${STUDIO}`)).body.studio.verified, false);
    const verified = await request('POST', '/api/demo/verify-studio', { walletAddress: ADMIN, studio: studioAuthority, verified: true }, 'admin');
    assert.equal(verified.status, 200, verified.body.message);
    const approved = await request('POST', `/api/verification/applications/${second.body.id}/approve`, { txHash: verified.body.signature }, 'admin');
    assert.equal(approved.status, 200, approved.body.message);
    assert.equal(approved.body.status, 'approved');
    assert.equal(approved.body.approvalTxHash, verified.body.signature);
    const overview = (await request('GET', `/api/studios/${STUDIO}`)).body;
    assert.equal(overview.studio.verified, true);
    assert.equal(overview.studio.fundingCap, 10_000_000);
    assert.equal((await request('GET', `/api/projects/${projectId}`)).body.studioVerified, true);
    // A transaction that is not a verification of this studio does not approve anything.
    const other = await request('POST', '/api/verification/applications', { ...application, walletAddress: INVESTOR }, 'investor');
    assert.equal(other.status, 201);
    const wrong = await request('POST', `/api/verification/applications/${other.body.id}/approve`, { txHash: verified.body.signature }, 'admin');
    assert.equal(wrong.status, 400);
  });

  test('a verified studio lists above the unverified cap', async () => {
    const big = await request('POST', '/api/demo/projects', listing({ title: 'Harbour Lights II', fundingGoal: 600_000 }));
    assert.equal(big.status, 201, big.body.message);
  });

  test('verified studios rank higher in search and in the featured list', async () => {
    const newer = await request('POST', '/api/demo/projects', listing({ walletAddress: INVESTOR, title: 'Harbour Lights: Unverified Cut', studioName: 'Quayside' }), 'investor');
    assert.equal(newer.status, 201, newer.body.message);
    const found = (await request('GET', '/api/projects?search=harbour')).body as Json[];
    assert.equal(found.length, 3);
    assert.deepEqual(found.map((project) => project.studioVerified), [true, true, false]);
    const featured = (await request('GET', '/api/projects/featured?limit=100')).body as Json[];
    const funding = featured.filter((project) => project.status === 'funding');
    const firstUnverified = funding.findIndex((project) => !project.studioVerified);
    assert.ok(firstUnverified > 0, 'verified funding films lead the featured list');
    assert.ok(funding.slice(firstUnverified).every((project) => !project.studioVerified));
  });

  test('investors fund the film; the studio releases exactly the raised SOL, once; nobody else can', async () => {
    const invest = await request('POST', '/api/demo/invest', { walletAddress: INVESTOR, projectId, amount: 2 }, 'investor');
    assert.equal(invest.status, 200, invest.body.message);
    assert.equal((await request('GET', `/api/projects/${projectId}`)).body.status, 'funded');

    const stranger = await request('POST', '/api/demo/claim-license', { walletAddress: INVESTOR, projectId }, 'investor');
    assert.equal(stranger.status, 403);
    const before = await balance(STUDIO);
    const release = await request('POST', '/api/demo/claim-license', { walletAddress: STUDIO, projectId });
    assert.equal(release.status, 200, release.body.message);
    const fee = 5000n;
    assert.equal((await balance(STUDIO)) - before, 2_000_000_000n - fee);
    assert.equal((await request('GET', `/api/projects/${projectId}`)).body.fundsReleased, true);
    const again = await request('POST', '/api/demo/claim-license', { walletAddress: STUDIO, projectId });
    assert.equal(again.status, 400);
    assert.match(again.body.message, /released/i);

    const refundFunded = await request('POST', '/api/demo/refund', { walletAddress: INVESTOR, projectId }, 'investor');
    assert.equal(refundFunded.status, 400);
  });

  test('an edit goes on chain: update_project_metadata points the film to the new document and its hash; only its studio may edit', async () => {
    const edit = { description: 'Now with a storm.', directorName: 'Ines Ward', releaseYear: 2025, licenseType: 'Worldwide Distribution', genres: ['Drama', 'Adventure'] };
    const before = (await request('GET', `/api/projects/${projectId}`)).body;
    assert.match(before.metadataHash, /^[0-9a-f]{64}$/);

    // The document for an app-sent transaction (On-Chain mode): stored, the film not pointed to it yet.
    assert.equal((await request('POST', `/api/projects/${projectId}/metadata`, edit, null)).status, 401);
    assert.equal((await request('POST', `/api/projects/${projectId}/metadata`, edit, 'investor')).status, 403);
    const prepared = await request('POST', `/api/projects/${projectId}/metadata`, { ...edit, title: 'Renamed' });
    assert.equal(prepared.status, 201, prepared.body.message);
    assert.match(prepared.body.uri, new RegExp(`/api/metadata/${prepared.body.sha256}$`));
    const document = (await request('GET', `/api/metadata/${prepared.body.sha256}`)).body;
    assert.equal(document.title, 'Harbour Lights', 'the title stays the one recorded on chain');
    assert.equal(document.description, 'Now with a storm.');
    assert.equal(document.thumbnailUrl, (await request('GET', `/api/metadata/${before.metadataHash}`)).body.thumbnailUrl, 'fields the edit does not touch stay');
    assert.equal((await request('GET', `/api/projects/${projectId}`)).body.metadataHash, before.metadataHash);

    // Demo mode: the server signs with the studio's demo key; nobody else's key edits the film.
    const stranger = await request('POST', '/api/demo/update-metadata', { ...edit, walletAddress: INVESTOR, projectId }, 'investor');
    assert.equal(stranger.status, 403);
    assert.equal((await request('POST', '/api/demo/update-metadata', { ...edit, walletAddress: STUDIO, projectId }, 'investor')).status, 403);
    const edited = await request('POST', '/api/demo/update-metadata', { ...edit, walletAddress: STUDIO, projectId });
    assert.equal(edited.status, 200, edited.body.message);
    assert.deepEqual({ uri: edited.body.uri, sha256: edited.body.sha256 }, prepared.body, 'the same edit makes the same document');
    const after = (await request('GET', `/api/projects/${projectId}`)).body;
    assert.equal(after.metadataHash, edited.body.sha256);
    assert.equal(after.metadataUri, edited.body.uri);
    assert.equal(after.description, 'Now with a storm.');
    assert.deepEqual(after.genres, ['Drama', 'Adventure']);
    assert.equal(after.licenseType, 'Worldwide Distribution');
    assert.equal(after.title, 'Harbour Lights');
    const onChain = demo.chain.account<{ metadata_hash: number[]; metadata_uri: string }>('Project', new anchor.web3.PublicKey(after.address))!;
    assert.equal(Buffer.from(onChain.metadata_hash).toString('hex'), edited.body.sha256);
    assert.equal(onChain.metadata_uri, edited.body.uri);
    const page = await request('GET', `/api/demo/transactions/${edited.body.signature}`);
    assert.match(page.body, /ProjectMetadataUpdated/);
    // The generic write path an app-sent edit reports through names the event.
    const reported = await request('POST', '/api/transactions', { txHash: edited.body.signature });
    assert.equal(reported.status, 200, reported.body.message);
    assert.deepEqual(reported.body.events.map((event: Json) => [event.name, event.data.previous_metadata_uri]), [['ProjectMetadataUpdated', before.metadataUri]]);

    // Saving the same details again changes nothing, in both modes.
    const unchanged = await request('POST', '/api/demo/update-metadata', { ...edit, walletAddress: STUDIO, projectId });
    assert.equal(unchanged.status, 400);
    assert.match(unchanged.body.message, /Nothing to update/);
    assert.equal((await request('POST', `/api/projects/${projectId}/metadata`, edit)).status, 400);
  });

  test('Mint NFT: the film’s studio mints a Token-2022 licence certificate with its metadata; nobody else can', async () => {
    assert.equal((await request('POST', '/api/demo/mint-certificate', { walletAddress: INVESTOR, projectId }, 'investor')).status, 403);
    const minted = await request('POST', '/api/demo/mint-certificate', { walletAddress: STUDIO, projectId });
    assert.equal(minted.status, 200, minted.body.message);
    const mintKey = new anchor.web3.PublicKey(minted.body.mint);
    const raw = demo.chain.rawAccount(mintKey)!;
    assert.equal(raw.owner, TOKEN_2022_PROGRAM_ID.toBase58());
    const mint = unpackMint(mintKey, { ...raw, owner: TOKEN_2022_PROGRAM_ID, data: Buffer.from(raw.data), lamports: 0, executable: false }, TOKEN_2022_PROGRAM_ID);
    assert.equal(mint.supply, 1n);
    assert.equal(mint.decimals, 0);
    assert.equal(mint.mintAuthority, null);
    const metadata = unpackMetadata(getExtensionData(ExtensionType.TokenMetadata, mint.tlvData)!);
    assert.equal(metadata.name, 'Harbour Lights Licence');
    assert.equal(metadata.symbol, 'MRQL');
    const project = (await request('GET', `/api/projects/${projectId}`)).body;
    assert.deepEqual(metadata.additionalMetadata, [['project', project.address]]);
    assert.equal(metadata.updateAuthority?.toBase58(), project.studioAuthority);
    const listed = (await request('GET', `/api/projects/${projectId}/certificates`)).body;
    assert.deepEqual(listed.map((certificate: Json) => [certificate.mint, certificate.txHash]), [[minted.body.mint, minted.body.signature]]);
  });

  test('an investor in the last-call film takes back exactly what they put in once it closed unfunded', async () => {
    const projects = (await request('GET', '/api/projects')).body as Json[];
    const lastCall = projects.find((project) => project.status === 'funding' && Date.parse(project.deadline) - now() < LAST_CALL_SECONDS * 1000 + 60_000);
    assert.ok(lastCall, 'the catalogue has its last-call film');
    const invest = await request('POST', '/api/demo/invest', { walletAddress: INVESTOR, projectId: lastCall.id, amount: 1.5 }, 'investor');
    assert.equal(invest.status, 200, invest.body.message);
    assert.equal((await request('POST', '/api/demo/refund', { walletAddress: INVESTOR, projectId: lastCall.id }, 'investor')).status, 400);

    clock.offsetMs = LAST_CALL_SECONDS * 1000 + 1000;
    assert.equal((await request('GET', `/api/projects/${lastCall.id}`)).body.status, 'failed');
    const before = await balance(INVESTOR);
    const refund = await request('POST', '/api/demo/refund', { walletAddress: INVESTOR, projectId: lastCall.id }, 'investor');
    assert.equal(refund.status, 200, refund.body.message);
    assert.equal(refund.body.amountLamports, '1500000000');
    // Back: the SOL invested and the Investment account's rent, less the transaction fee.
    assert.ok((await balance(INVESTOR)) - before >= 1_500_000_000n - 5000n);
    const investments = (await request('GET', `/api/investments/user/${INVESTOR}`)).body as Json[];
    assert.ok(investments.filter((investment) => investment.projectId === lastCall.id).every((investment) => investment.refunded));

    const reported = await request('POST', '/api/transactions', { txHash: refund.body.signature });
    assert.equal(reported.status, 200);
    assert.deepEqual(reported.body.events.map((event: Json) => event.name), ['Refunded']);
  });
});
