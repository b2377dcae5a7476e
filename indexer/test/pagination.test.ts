// @differs-on-postgres: test/all.ts runs this file on PostgreSQL too
// Every list endpoint pages the same way (docs/API.md "Pagination"): `limit`
// and an opaque `cursor`, a total order with a unique tie-breaker, `nextCursor` null on the last
// page, and without either the un-paginated answer the app reads. And every list a request body
// carries has a published maximum.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import anchor from '@coral-xyz/anchor';
import { MAX_CLAIM_DISTRIBUTIONS, MAX_FILM_GENRES, MAX_LIST_LIMIT, MAX_TRANSACTION_SIGNATURES, MAX_WEBHOOK_TRANSACTIONS } from '../src/constants.ts';
import { certificates, hubPolls, hubTeam, hubUpdates, metadata, publishers, verification } from '../src/db/index.ts';
import { claimBody, metadataBody } from '../src/api/schemas.ts';
import { LIST_RESPONSES } from '@marquee/api-contract';
import { hashApiKey } from '../src/api/routes/publishers.ts';
import { heliusDelivery } from '../src/api/routes/webhooks.ts';
import { demoSchemas } from '../src/demo/contract.ts';
import { testApp } from './helpers/app.ts';
import { address, randomSignature } from './helpers/chain.ts';
import { signIn } from './helpers/sign-in.ts';

const { Keypair } = anchor.web3;

const alice = address('alice');
const advertiser = address('advertiser');
const publisherKey = Keypair.generate();
const publisherWallet = publisherKey.publicKey.toBase58();
const adminKey = Keypair.generate();
/** Rows per list: enough for several pages of PAGE, with ties on every sort key. */
const ROWS = 5;
const PAGE = 2;

let t: Awaited<ReturnType<typeof testApp>>;
let sessions: { publisher: string; admin: string };
let funded: number;

before(async () => {
  t = await testApp();
  const { chain, cluster } = t;
  const db = cluster.db;
  /** Runs `emit` so that every transaction in it has the same block time (ties on the time keys). */
  const atOneTime = (emit: () => void) => {
    const start = chain.time;
    emit();
    chain.time = Math.max(chain.time, start + 60);
  };
  const sameTime = <T>(work: () => T): T => {
    const time = chain.time;
    const result = work();
    chain.time = time;
    return result;
  };

  chain.initializePlatform();
  const studio = chain.registerStudio('a24', 'A24');
  // Hubs and a user's investments: alice invests in six films, and three times in the funded one.
  for (let film = 0; film < 6; film++) {
    const { id } = chain.createProject(studio, `Film ${film}`, 1000);
    chain.invest(id, alice, 100_000_000n);
  }
  // Its listing names a director, whom its hub lists first.
  const film = chain.createProject(studio, 'Night Train', 10, { metadataHash: Array(32).fill(7) });
  funded = film.id;
  atOneTime(() => {
    sameTime(() => chain.invest(funded, alice, 2_000_000_000n));
    sameTime(() => chain.invest(funded, alice, 2_000_000_000n));
    chain.invest(funded, alice, 2_000_000_000n);
  });
  chain.invest(funded, address('bob'), 2_000_000_000n);
  chain.invest(funded, address('carol'), 2_000_000_000n);
  chain.claimLicense(funded);
  // More funded films, created in the same second: the catalogue's order (newest first) ties on time.
  atOneTime(() => {
    for (let index = 0; index < ROWS - 1; index++) {
      sameTime(() => chain.invest(chain.createProject(studio, `Funded ${index}`, 1).id, address('dave'), 1_000_000_000n));
    }
  });
  const embeds: string[] = [];
  atOneTime(() => {
    for (let index = 0; index < ROWS; index++) embeds.push(sameTime(() => chain.registerEmbed(funded, address('publisher'), `embed-${index}`, 'https://films.example')).embed);
  });
  // Bob claims in the same second as the distributions around his claim: his history ties across kinds.
  atOneTime(() => {
    for (let index = 0; index < ROWS; index++) {
      sameTime(() => chain.distributeRevenue(funded, 1_000_000_000n, [{ embed: embeds[index], views: 10n }]));
      if (index === 2) sameTime(() => chain.claimRevenue(funded, address('bob')));
    }
  });
  atOneTime(() => {
    for (let index = 0; index < ROWS; index++) sameTime(() => chain.createCampaign(advertiser));
  });
  await cluster.indexer.sync();

  const now = (chain.time + 60) * 1000;
  const listing = { title: 'Night Train', description: 'A night', directorName: 'Ada Lens', releaseYear: 2024, genres: ['Drama'], licenseType: 'Non-Exclusive Streaming' };
  await metadata.putMetadata(db, '07'.repeat(32), JSON.stringify(listing), chain.time);
  for (let index = 0; index < ROWS; index++) {
    await certificates.recordCertificate(db, { mint: address(`mint-${index}`), projectId: funded, owner: alice, signature: randomSignature(), mintedAt: chain.time });
    await publishers.requestWebsite(db, { wallet: publisherWallet, origin: `https://site${index}.example`, websiteUrl: `https://site${index}.example`, token: `t${index}`, contactEmail: null, now });
    await publishers.insertApiKey(db, { wallet: publisherWallet, origin: 'https://site0.example', keyHash: hashApiKey(`mk_catalogue_${index}`), prefix: `mk_${index}`, now });
    await hubUpdates.insertUpdate(db, { projectId: funded, wallet: alice, title: `Update ${index}`, description: 'News', now });
    await hubTeam.insertTeamMember(db, { projectId: funded, name: `Member ${index}`, role: 'Crew', now });
    await hubPolls.insertPoll(db, { projectId: funded, wallet: alice, question: `Poll ${index}?`, options: ['Yes', 'No'], endsAt: now + 86_400_000, now });
    const wallet = address(`applicant-${index}`);
    const application = await verification.submit(db, {
      walletAddress: wallet,
      chainAddress: wallet,
      studioName: `Studio ${index}`,
      contactEmail: 'studio@example.com',
      website: 'https://studio.example',
      description: 'A studio',
      documents: [],
      submittedAt: chain.time,
    });
    // Decided and open applications interleaved: open ones list first.
    if (index % 2 === 1) await verification.decide(db, application.id, { status: 'rejected', reason: 'Not yet' }, chain.time);
  }
  // The catalogue answers a key from its verified origin only.
  const site = await publishers.findWebsite(db, publisherWallet, 'https://site0.example');
  await publishers.recordCheck(db, site!.id, { verified: true, method: 'meta', now });
  await db.updateTable('platform').set({ admin: adminKey.publicKey.toBase58() }).execute();
  sessions = { publisher: await signIn(t.app, publisherKey), admin: await signIn(t.app, adminKey) };
});
after(() => t.cluster.store.close());

interface ListCase {
  path: () => string;
  /** Its operation in /api/openapi.json. */
  operation: keyof typeof LIST_RESPONSES;
  /** The list in the un-paginated answer. */
  all: (body: any) => unknown[];
  /** The list in a page. */
  items: (body: any) => unknown[];
  session?: keyof typeof sessions;
  headers?: Record<string, string>;
  rows: number;
}

const plain = (body: any) => body as unknown[];
const pageItems = (body: any) => body.items as unknown[];

const LISTS: Record<string, ListCase> = {
  'investments of a user': { operation: '/api/investments/user/{userId}', path: () => `/api/investments/user/${alice}`, all: plain, items: pageItems, rows: 9 },
  'investments of a project': { operation: '/api/investments/project/{projectId}', path: () => `/api/investments/project/${funded}`, all: plain, items: pageItems, rows: 5 },
  embeds: { operation: '/api/embeds', path: () => `/api/embeds?projectId=${funded}`, all: plain, items: pageItems, rows: ROWS },
  distributions: { operation: '/api/revenue/distributions', path: () => '/api/revenue/distributions', all: plain, items: pageItems, rows: ROWS },
  'unclaimed distributions': { operation: '/api/revenue/unclaimed/{userId}', path: () => `/api/revenue/unclaimed/${alice}`, all: (body) => body.distributions, items: (body) => body.distributions, rows: ROWS },
  'revenue history': {
    operation: '/api/revenue/user/{userId}',
    path: () => `/api/revenue/user/${address('bob')}`,
    all: (body) => body.transactions,
    items: (body) => body.transactions,
    rows: ROWS + 1,
  },
  certificates: { operation: '/api/projects/{id}/certificates', path: () => `/api/projects/${funded}/certificates`, all: plain, items: pageItems, rows: ROWS },
  'verification applications': { operation: '/api/verification/applications', path: () => '/api/verification/applications', all: plain, items: pageItems, session: 'admin', rows: ROWS },
  'publisher websites': { operation: '/api/publishers/{walletAddress}/websites', path: () => `/api/publishers/${publisherWallet}/websites`, all: plain, items: pageItems, session: 'publisher', rows: ROWS },
  'publisher API keys': { operation: '/api/publishers/{walletAddress}/keys', path: () => `/api/publishers/${publisherWallet}/keys`, all: plain, items: pageItems, session: 'publisher', rows: ROWS },
  hubs: { operation: '/api/collaboration', path: () => `/api/collaboration?wallet=${alice}`, all: plain, items: pageItems, rows: 7 },
  updates: { operation: '/api/collaboration/{projectId}/updates', path: () => `/api/collaboration/${funded}/updates`, all: plain, items: pageItems, rows: ROWS },
  polls: { operation: '/api/collaboration/{projectId}/polls', path: () => `/api/collaboration/${funded}/polls`, all: plain, items: pageItems, rows: ROWS },
  campaigns: { operation: '/api/campaigns', path: () => `/api/campaigns?advertiser=${advertiser}`, all: (body) => body.campaigns, items: (body) => body.campaigns, rows: ROWS },
  'team of a hub': {
    operation: '/api/collaboration/{projectId}',
    path: () => `/api/collaboration/${funded}`,
    all: (body) => body.team,
    items: (body) => body.team,
    rows: ROWS + 1,
  },
  catalogue: {
    operation: '/api/catalogue',
    path: () => '/api/catalogue?key=mk_catalogue_0',
    headers: { origin: 'https://site0.example' },
    all: (body) => body.films,
    items: (body) => body.films,
    rows: ROWS,
  },
  'embeds of the publisher analytics': {
    operation: '/api/publishers/{walletAddress}/analytics',
    path: () => `/api/publishers/${address('publisher')}/analytics`,
    all: (body) => body.byEmbed,
    items: (body) => body.byEmbed,
    rows: ROWS,
  },
  'films of the platform analytics': {
    operation: '/api/analytics/platform',
    path: () => '/api/analytics/platform',
    all: (body) => body.projects,
    items: (body) => body.projects,
    rows: 7 + ROWS - 1,
  },
};

const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;

/** A list read whole and as a first page of one row, to compare what every page must repeat. */
async function wholeAndFirstPage(list: ListCase) {
  const { body: all } = await get(list, list.path());
  const { body: page } = await get(list, withQuery(list.path(), 'limit=1'));
  return { all, page };
}

async function get(list: ListCase, path: string) {
  const response = await t.request('GET', path, undefined, { ...list.headers, ...(list.session ? { cookie: sessions[list.session] } : {}) });
  return { status: response.status, body: (await response.json()) as any };
}

/** Every page of `list`, following nextCursor from the first page. */
async function everyPage(list: ListCase, limit: number) {
  const pages: unknown[][] = [];
  let cursor: string | null = null;
  do {
    const { status, body } = await get(list, withQuery(list.path(), `limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`));
    assert.equal(status, 200, JSON.stringify(body));
    assert.ok('nextCursor' in body, 'a page says where the next one starts');
    pages.push(list.items(body));
    cursor = body.nextCursor;
    assert.ok(pages.length <= 20, 'the pages never end');
  } while (cursor !== null);
  return pages;
}

for (const [name, list] of Object.entries(LISTS)) {
  describe(`pagination: ${name}`, () => {
    test('pages of 2 concatenate to the un-paginated list: same order, none repeated, none missing', async () => {
      const { status, body } = await get(list, list.path());
      assert.equal(status, 200, JSON.stringify(body));
      const all = list.all(body);
      assert.ok(Array.isArray(all), 'without limit and cursor the answer keeps its un-paginated shape');
      assert.equal(all.length, list.rows);
      const pages = await everyPage(list, PAGE);
      assert.equal(pages.length, Math.ceil(list.rows / PAGE));
      for (const page of pages.slice(0, -1)) assert.equal(page.length, PAGE);
      assert.deepEqual(pages.flat(), all);
      // Both answers are what the document's 2xx schema says.
      const schema = LIST_RESPONSES[list.operation];
      assert.deepEqual(schema.safeParse(body).error?.issues, undefined);
      const { body: page } = await get(list, withQuery(list.path(), `limit=${PAGE}`));
      assert.deepEqual(schema.safeParse(page).error?.issues, undefined);
      // One page of everything ends there.
      assert.deepEqual(await everyPage(list, MAX_LIST_LIMIT), [all]);
    });

    test(`a limit outside 1..${MAX_LIST_LIMIT} is a 400`, async () => {
      for (const limit of [0, MAX_LIST_LIMIT + 1, 2.5]) {
        const { status, body } = await get(list, withQuery(list.path(), `limit=${limit}`));
        assert.equal(status, 400, `limit=${limit}`);
        assert.match(body.message, /^limit: /);
      }
    });

    test("a damaged cursor, or another list's, is a 400", async () => {
      const other = name === 'embeds' ? LISTS.distributions : LISTS.embeds;
      const { body: page } = await get(other, withQuery(other.path(), 'limit=1'));
      const foreign = page.nextCursor as string;
      const forged = (key: unknown[]) => Buffer.from(JSON.stringify(key)).toString('base64url');
      for (const [cursor, message] of [
        ['not-a-cursor', /^Invalid cursor/],
        [forged(['embeds', 'text instead of a number', 1]), name === 'embeds' ? /^Invalid cursor/ : /another list/],
        [forged([]), /^Invalid cursor/],
        [foreign, /another list/],
      ] as const) {
        const { status, body } = await get(list, withQuery(list.path(), `cursor=${cursor}`));
        assert.equal(status, 400, `${cursor}: ${JSON.stringify(body)}`);
        assert.match(body.message, message);
      }
    });
  });
}

describe('pagination is keyset, not offset', () => {
  test('a row added before the cursor neither repeats nor shifts the next page', async () => {
    const list = LISTS.updates;
    const first = await get(list, withQuery(list.path(), 'limit=2'));
    const before = await get(list, withQuery(list.path(), `limit=2&cursor=${first.body.nextCursor}`));
    await hubUpdates.insertUpdate(t.cluster.db, { projectId: funded, wallet: alice, title: 'Newer', description: 'News', now: (t.chain.time + 3600) * 1000 });
    const afterInsert = await get(list, withQuery(list.path(), `limit=2&cursor=${first.body.nextCursor}`));
    assert.deepEqual(afterInsert.body, before.body);
  });

  test('the totals of the unclaimed distributions cover every page', async () => {
    const { all, page } = await wholeAndFirstPage(LISTS['unclaimed distributions']);
    assert.equal(page.distributions.length, 1);
    assert.equal(page.totalLamports, all.totalLamports);
    assert.equal(page.total, all.total);
  });

  test('the totals of the platform analytics cover every film on every page', async () => {
    const list = LISTS['films of the platform analytics'];
    const { all, page } = await wholeAndFirstPage(list);
    assert.equal(page.projects.length, 1);
    assert.deepEqual(page.totals, all.totals);
    assert.equal(all.totals.projects, list.rows);
    assert.deepEqual({ funding: page.funding, daily: page.daily, split: page.split }, { funding: all.funding, daily: all.daily, split: all.split });
  });

  test("the publisher analytics' totals and byDay cover every embed on every page", async () => {
    const { all, page } = await wholeAndFirstPage(LISTS['embeds of the publisher analytics']);
    assert.equal(page.byEmbed.length, 1);
    assert.deepEqual(page.totals, all.totals);
    assert.ok(all.byDay.length > 0);
    assert.deepEqual(page.byDay, all.byDay);
  });

  test("the publisher analytics' byDay takes a window of whole UTC days, at most a year", async () => {
    const list = LISTS['embeds of the publisher analytics'];
    const { body: all } = await get(list, list.path());
    const day = all.byDay[0].date as string;
    const { status, body: oneDay } = await get(list, withQuery(list.path(), `from=${day}&to=${day}`));
    assert.equal(status, 200, JSON.stringify(oneDay));
    assert.deepEqual(oneDay.byDay, all.byDay.filter((row: any) => row.date === day));
    assert.deepEqual(oneDay.totals, all.totals, 'the totals ignore the window');
    assert.deepEqual(oneDay.byEmbed, all.byEmbed);
    const { body: elsewhere } = await get(list, withQuery(list.path(), 'from=2000-01-01&to=2000-12-31'));
    assert.deepEqual(elsewhere.byDay, []);
    for (const [query, message] of [
      ['from=2024-01-01', /^to: from and to go together/],
      ['to=2024-01-01', /^from: from and to go together/],
      ['from=2024-01-02&to=2024-01-01', /^to: to is before from/],
      ['from=2024-01-01&to=2025-01-01', /^to: The window spans at most 366 days/],
      ['from=2024-02-30&to=2024-03-01', /^from: /],
      ['from=yesterday&to=2024-03-01', /^from: /],
    ] as const) {
      const { status: refused, body } = await get(list, withQuery(list.path(), query));
      assert.equal(refused, 400, query);
      assert.match(body.message, message, query);
    }
    assert.equal((await get(list, withQuery(list.path(), 'from=2024-01-01&to=2024-12-31'))).status, 200);
  });

  test("a hub's listed director leads the team's first page, also a page of one", async () => {
    const list = LISTS['team of a hub'];
    const { body: all } = await get(list, list.path());
    assert.deepEqual(all.team[0], { id: 0, name: 'Ada Lens', role: 'Director', avatarUrl: null });
    const pages = await everyPage(list, 1);
    assert.deepEqual(pages, all.team.map((member: unknown) => [member]));
    const { body: page } = await get(list, withQuery(list.path(), 'limit=1'));
    assert.deepEqual(page.counts, all.counts);
    assert.equal(all.counts.teamMembers, ROWS + 1);
  });

  test('the verification list pages open applications first', async () => {
    const pages = await everyPage(LISTS['verification applications'], PAGE);
    const statuses = pages.flat().map((application: any) => application.status);
    assert.deepEqual(statuses, ['submitted', 'submitted', 'submitted', 'rejected', 'rejected']);
  });

  test('the document gives every paginated list its limit, cursor and 2xx schema', async () => {
    const { paths } = (await (await t.request('GET', '/api/openapi.json')).json()) as { paths: Record<string, Record<string, { parameters: { name: string; schema: { maximum?: number } }[] }>> };
    for (const [name, list] of Object.entries(LISTS)) {
      const path = list.operation;
      const parameters = paths[path]?.get?.parameters;
      assert.ok(parameters, `${name}: ${path} is documented`);
      assert.equal(parameters.find((parameter) => parameter.name === 'limit')?.schema.maximum, MAX_LIST_LIMIT, name);
      assert.ok(parameters.some((parameter) => parameter.name === 'cursor'), name);
      assert.ok((paths[path].get as any).responses['200'].content['application/json'].schema, `${name}: its 2xx body has a schema`);
    }
  });
});

describe('list inputs are capped', () => {
  const ids = (count: number) => Array.from({ length: count }, (_, index) => index);

  test(`a claim names at most ${MAX_CLAIM_DISTRIBUTIONS} distributions, and the document says so`, async () => {
    const txHash = randomSignature();
    assert.ok(claimBody.safeParse({ distributionIds: ids(MAX_CLAIM_DISTRIBUTIONS), txHash }).success);
    const response = await t.request('POST', '/api/revenue/claim', { distributionIds: ids(MAX_CLAIM_DISTRIBUTIONS + 1), txHash });
    assert.equal(response.status, 400);
    assert.equal(((await response.json()) as { message: string }).message, `distributionIds: A claim names at most ${MAX_CLAIM_DISTRIBUTIONS} distributions`);
    assert.ok(!demoSchemas.claimRevenue.safeParse({ walletAddress: alice, distributionIds: ids(MAX_CLAIM_DISTRIBUTIONS + 1) }).success);
    const { paths } = (await (await t.request('GET', '/api/openapi.json')).json()) as any;
    assert.equal(paths['/api/revenue/claim'].post.requestBody.content['application/json'].schema.properties.distributionIds.maxItems, MAX_CLAIM_DISTRIBUTIONS);
  });

  test(`a listing names at most ${MAX_FILM_GENRES} genres`, () => {
    const film = { title: 'A', description: 'B', directorName: 'C', releaseYear: 2024, licenseType: 'Non-Exclusive Streaming' };
    const genres = (count: number) => Array.from({ length: count }, (_, index) => `Genre ${index}`);
    assert.ok(metadataBody.safeParse({ ...film, genres: genres(MAX_FILM_GENRES) }).success);
    assert.ok(!metadataBody.safeParse({ ...film, genres: genres(MAX_FILM_GENRES + 1) }).success);
  });

  test('every array of every request body in the document has a maxItems', async () => {
    const { paths } = (await (await t.request('GET', '/api/openapi.json')).json()) as any;
    const unbounded: string[] = [];
    const visit = (schema: any, where: string) => {
      if (!schema || typeof schema !== 'object') return;
      if (schema.type === 'array' && schema.maxItems === undefined) unbounded.push(where);
      for (const [key, value] of Object.entries(schema)) visit(value, `${where}.${key}`);
    };
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations as Record<string, any>)) visit(operation.requestBody, `${method} ${path}`);
    }
    assert.deepEqual(unbounded, []);
  });

  test('a webhook delivery is capped in transactions and signatures', () => {
    const transaction = (signatures: number) => ({ meta: {}, transaction: { signatures: Array.from({ length: signatures }, () => 'x') } });
    assert.ok(heliusDelivery.safeParse([transaction(MAX_TRANSACTION_SIGNATURES)]).success);
    assert.ok(!heliusDelivery.safeParse([transaction(MAX_TRANSACTION_SIGNATURES + 1)]).success);
    assert.ok(!heliusDelivery.safeParse(Array.from({ length: MAX_WEBHOOK_TRANSACTIONS + 1 }, () => transaction(1))).success);
  });
});
