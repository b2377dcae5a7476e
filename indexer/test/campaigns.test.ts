// @differs-on-postgres: test/all.ts runs this file on PostgreSQL too
// Advertising campaigns, server side: the Campaign* events projected into campaigns and
// their settled batches, GET /api/campaigns (list, one with series and byFilm, genres), and the
// advertiser's off-chain details (PUT: 401 / 403 / 404).
import anchor from '@coral-xyz/anchor';
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AD_GENRES, CAMPAIGN_SETTLEMENT_GRACE_SECONDS } from '../src/constants.ts';
import { genreMaskOfFilm, genresOfMask, maskOfGenres, targetsFilm, affordableImpressions, chargeFor } from '../src/campaigns/rules.ts';
import { testApp } from './helpers/app.ts';
import { address } from './helpers/chain.ts';
import { fundedProjectWithEmbeds } from './helpers/scenario.ts';
import { signIn } from './helpers/sign-in.ts';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { campaigns } from '../src/db/index.ts';

const advertiserKey = anchor.web3.Keypair.generate();
const advertiser = advertiserKey.publicKey.toBase58();

async function withCampaign() {
  const t = await testApp();
  const { film, embed } = fundedProjectWithEmbeds(t.chain);
  const campaign = t.chain.createCampaign(advertiser, { targetGenres: maskOfGenres(['Drama', 'Sci-Fi']), budget: 1_000_000_000n });
  await t.cluster.indexer.sync();
  return { ...t, film, embed, campaign };
}

type Summary = Record<string, unknown> & { series: unknown[]; byFilm: unknown[] };

describe('campaign rules', () => {
  test('the genre list is the program’s ad-genres.json, and a mask means its bits', () => {
    const file = JSON.parse(readFileSync(new URL('../../programs/marquee/ad-genres.json', import.meta.url), 'utf8'));
    assert.deepEqual(AD_GENRES, file.genres);
    assert.equal(maskOfGenres(['Action']), 1n);
    assert.equal(maskOfGenres(['drama', 'Sci-Fi']), (1n << 6n) | (1n << 14n));
    assert.deepEqual(genresOfMask((1n << 6n) | (1n << 14n)), ['Drama', 'Sci-Fi']);
    assert.throws(() => maskOfGenres(['Opera']), /Unknown genre "Opera"/);
  });

  test('genre matching: a campaign targets films of one of its genres, or every film with no genre', () => {
    assert.equal(targetsFilm(maskOfGenres(['Drama']), ['drama', 'Romance']), true);
    assert.equal(targetsFilm(maskOfGenres(['Drama']), ['Comedy']), false);
    assert.equal(targetsFilm(0n, ['Comedy']), true);
    assert.equal(targetsFilm(maskOfGenres(['Horror']), []), false);
    // The film's genres as a mask (what an ad request works out once for all its campaigns): the
    // same answers, and a genre the list does not have (a film's metadata is free text) matches none.
    assert.equal(genreMaskOfFilm([' drama ', 'Romance', 'Opera']), maskOfGenres(['Drama', 'Romance']));
    assert.equal(targetsFilm(maskOfGenres(['Drama']), genreMaskOfFilm(['drama', 'Romance'])), true);
    assert.equal(targetsFilm(maskOfGenres(['Drama', 'War']).toString(), genreMaskOfFilm(['Comedy', 'Opera'])), false);
    assert.equal(targetsFilm(0n, 0n), true);
    assert.equal(targetsFilm(maskOfGenres(['Horror']), ['Opera']), false);
  });

  test('the budget pays floor(impressions · price / 1000), and no more impressions than it covers', () => {
    assert.equal(chargeFor(3, 15_000_000), 45_000n);
    assert.equal(affordableImpressions(44_999n, 15_000_000), 2n);
    assert.equal(affordableImpressions(45_000n, 15_000_000), 3n);
    assert.equal(affordableImpressions(0n, 15_000_000), 0n);
  });
});

describe('GET /api/campaigns', () => {
  test('lists an advertiser’s campaigns with the contract’s CampaignSummary', async () => {
    const t = await withCampaign();
    const response = await t.request('GET', `/api/campaigns?advertiser=${advertiser}`);
    assert.equal(response.status, 200);
    const { campaigns } = (await response.json()) as { campaigns: Record<string, unknown>[] };
    assert.equal(campaigns.length, 1);
    const summary = campaigns[0];
    assert.equal(summary.address, t.campaign.address);
    assert.equal(summary.advertiser, advertiser);
    assert.equal(summary.campaignId, '0');
    assert.equal(summary.adType, 'video');
    assert.equal(summary.pricePerMilleLamports, '15000000');
    assert.equal(summary.sponsoredProjectId, null);
    assert.equal(summary.budgetLamports, '1000000000');
    assert.equal(summary.spentLamports, '0');
    assert.equal(summary.remainingLamports, '1000000000');
    assert.equal(summary.impressions, 0);
    assert.equal(summary.creativeKind, 'video');
    assert.equal(summary.creativeHash, '07'.repeat(32));
    assert.deepEqual(summary.targetGenres, ['Drama', 'Sci-Fi']);
    assert.equal(summary.paused, false);
    assert.equal(summary.status, 'active');
    assert.equal(summary.closedAt, null);
    assert.equal(summary.refundedLamports, null);
    // The request details are the advertiser's: absent for anyone else.
    for (const field of ['companyName', 'email', 'website', 'targetAudience', 'monthlyBudgetUsd']) assert.equal(field in summary, false, field);
    assert.equal(Date.parse(summary.closableAt as string) - Date.parse(summary.endAt as string), CAMPAIGN_SETTLEMENT_GRACE_SECONDS * 1000);
    const none = (await (await t.request('GET', `/api/campaigns?advertiser=${address('nobody')}`)).json()) as { campaigns: unknown[] };
    assert.deepEqual(none.campaigns, []);
    assert.equal((await t.request('GET', '/api/campaigns?advertiser=nope')).status, 400);
  });

  test("the rent a campaign's settlements paid is its own figure: in spentLamports, not in series or byFilm", async () => {
    const t = await withCampaign();
    t.chain.settleCampaign(t.campaign.address, t.film.id, 3n, [{ embed: t.embed, views: 3n }], undefined, 1_844_400n);
    t.chain.settleCampaign(t.campaign.address, t.film.id, 2n, [{ embed: t.embed, views: 2n }], undefined, 1_844_400n);
    await t.cluster.indexer.sync();
    const one = (await (await t.request('GET', `/api/campaigns/${t.campaign.address}`)).json()) as Summary;
    assert.equal(one.spentLamports, String(75_000 + 2 * 1_844_400));
    assert.equal(one.settlementRentLamports, String(2 * 1_844_400));
    assert.deepEqual(one.byFilm, [{ projectId: t.film.id, title: 'Film', impressions: 5, spentLamports: '75000' }]);
    assert.equal((one.series[0] as { spentLamports: string }).spentLamports, '75000');
  });

  test('one campaign: settlements fold into series per day and byFilm; top-up, pause and close show', async () => {
    const t = await withCampaign();
    t.chain.settleCampaign(t.campaign.address, t.film.id, 3n, [{ embed: t.embed, views: 3n }]);
    t.chain.settleCampaign(t.campaign.address, t.film.id, 2n, [{ embed: t.embed, views: 2n }]);
    t.chain.topUpCampaign(t.campaign.address, 500_000_000n);
    t.chain.pauseCampaign(t.campaign.address, true);
    await t.cluster.indexer.sync();
    const one = (await (await t.request('GET', `/api/campaigns/${t.campaign.address}`)).json()) as Summary;
    assert.equal(one.spentLamports, '75000');
    assert.equal(one.budgetLamports, '1500000000');
    assert.equal(one.remainingLamports, String(1_500_000_000 - 75_000));
    assert.equal(one.impressions, 5);
    assert.equal(one.paused, true);
    assert.equal(one.status, 'paused');
    assert.equal(one.series.length, 1);
    assert.deepEqual(one.series[0], { date: (one.series[0] as { date: string }).date, impressions: 5, spentLamports: '75000' });
    assert.match((one.series[0] as { date: string }).date, /^\d{4}-\d{2}-\d{2}$/);
    assert.deepEqual(one.byFilm, [{ projectId: t.film.id, title: 'Film', impressions: 5, spentLamports: '75000' }]);
    assert.equal(one.settlementRentLamports, '0', 'the scripted chain charged no rent');
    // The batch's revenue is the film's like any distribution.
    const project = (await (await t.request('GET', `/api/projects/${t.film.id}`)).json()) as { totalViews: number };
    assert.equal(project.totalViews, 5);

    t.chain.closeCampaign(t.campaign.address);
    await t.cluster.indexer.sync();
    const closed = (await (await t.request('GET', `/api/campaigns/${t.campaign.address}`)).json()) as Summary;
    assert.equal(closed.status, 'closed');
    assert.equal(closed.refundedLamports, String(1_500_000_000 - 75_000));
    assert.ok(closed.closedAt);
    assert.equal((await t.request('GET', `/api/campaigns/${address('unknown-campaign')}`)).status, 404);
  });

  test('statuses: scheduled before the start, ended after the end, exhausted with less than one impression left', async () => {
    const t = await testApp();
    t.chain.initializePlatform();
    const now = Math.floor(t.clock.now() / 1000);
    const later = t.chain.createCampaign(advertiser, { startAt: now + 3600, endAt: now + 7200 });
    const over = t.chain.createCampaign(advertiser, { startAt: now - 7200, endAt: now - 3600 });
    const spent = t.chain.createCampaign(advertiser, { adType: 'display', budget: 5_000_000n });
    await t.cluster.indexer.sync();
    const status = async (campaign: string) => ((await (await t.request('GET', `/api/campaigns/${campaign}`)).json()) as Summary).status;
    assert.equal(await status(later.address), 'scheduled');
    assert.equal(await status(over.address), 'ended');
    assert.equal(await status(spent.address), 'active');
    const studio = t.chain.registerStudio('s', 'S');
    const film = t.chain.createProject(studio, 'Film', 10);
    t.chain.invest(film.id, address('alice'), 10_000_000_000n);
    t.chain.settleCampaign(spent.address, film.id, 1000n);
    await t.cluster.indexer.sync();
    assert.equal(await status(spent.address), 'exhausted');
  });

  test('GET /api/campaigns/genres is the ad-genres list', async () => {
    const t = await testApp();
    assert.deepEqual(await (await t.request('GET', '/api/campaigns/genres')).json(), { genres: [...AD_GENRES] });
  });
});

describe('PUT /api/campaigns/{address}/details', () => {
  const details = { walletAddress: advertiser, companyName: 'Acme', email: 'ads@acme.example', website: 'https://acme.example', targetAudience: '25-34', monthlyBudgetUsd: 1000 };

  test('the advertiser records the request form’s details; they come back in the summary', async () => {
    const t = await withCampaign();
    const cookie = await signIn(t.app, advertiserKey);
    const response = await t.request('PUT', `/api/campaigns/${t.campaign.address}/details`, details, { cookie });
    assert.equal(response.status, 200);
    const summary = (await response.json()) as Record<string, unknown>;
    assert.equal(summary.companyName, 'Acme');
    assert.equal(summary.email, 'ads@acme.example');
    assert.equal(summary.website, 'https://acme.example');
    assert.equal(summary.targetAudience, '25-34');
    assert.equal(summary.monthlyBudgetUsd, 1000);
    const listed = (await (await t.request('GET', `/api/campaigns?advertiser=${advertiser}`, undefined, { cookie })).json()) as { campaigns: Record<string, unknown>[] };
    assert.equal(listed.campaigns[0].companyName, 'Acme');
    const one = (await (await t.request('GET', `/api/campaigns/${t.campaign.address}`, undefined, { cookie })).json()) as Record<string, unknown>;
    assert.equal(one.email, 'ads@acme.example');
    // Anyone else — anonymous or another wallet's session — reads the public shape: no request details.
    const otherCookie = await signIn(t.app, anchor.web3.Keypair.generate());
    const viewers: Record<string, string>[] = [{}, { cookie: otherCookie }];
    for (const headers of viewers) {
      const list = (await (await t.request('GET', `/api/campaigns?advertiser=${advertiser}`, undefined, headers)).json()) as { campaigns: Record<string, unknown>[] };
      const detail = (await (await t.request('GET', `/api/campaigns/${t.campaign.address}`, undefined, headers)).json()) as Record<string, unknown>;
      for (const shown of [list.campaigns[0], detail]) {
        assert.equal(shown.address, t.campaign.address);
        for (const field of ['companyName', 'email', 'website', 'targetAudience', 'monthlyBudgetUsd']) assert.equal(field in shown, false, field);
      }
    }
    const bad = await t.request('PUT', `/api/campaigns/${t.campaign.address}/details`, { ...details, email: 'not-an-email' }, { cookie });
    assert.equal(bad.status, 400);
    assert.match(((await bad.json()) as { message: string }).message, /valid email/);
  });

  test('401 without a session, 403 for another wallet, 403 for a wallet that is not the advertiser, 404 before indexing', async () => {
    const t = await withCampaign();
    assert.equal((await t.request('PUT', `/api/campaigns/${t.campaign.address}/details`, details, { cookie: '' })).status, 401);
    const other = anchor.web3.Keypair.generate();
    const otherCookie = await signIn(t.app, other);
    // Signed in as another wallet than the body names.
    assert.equal((await t.request('PUT', `/api/campaigns/${t.campaign.address}/details`, details, { cookie: otherCookie })).status, 403);
    // Signed in as itself, but the campaign is not its own.
    const notOwner = await t.request('PUT', `/api/campaigns/${t.campaign.address}/details`, { ...details, walletAddress: other.publicKey.toBase58() }, { cookie: otherCookie });
    assert.equal(notOwner.status, 403);
    assert.match(((await notOwner.json()) as { message: string }).message, /Only the advertiser of this campaign/);
    const cookie = await signIn(t.app, advertiserKey);
    assert.equal((await t.request('PUT', `/api/campaigns/${address('not-indexed')}/details`, details, { cookie })).status, 404);
  });
});

describe('servable campaigns, kept by each process between writes', () => {
  test('every write to the campaign tables, by any writer, is seen by the next read: a pause, an unpause by hand, a closing', async () => {
    const t = await withCampaign();
    const row = (await campaigns.byAddress(t.cluster.db, t.campaign.address))!;
    const now = Number(row.start_at) + 1;
    const servable = async () => (await campaigns.servable(t.cluster.db, now)).map((campaign) => campaign.address);
    assert.deepEqual(await servable(), [t.campaign.address]);
    assert.deepEqual(await servable(), [t.campaign.address], 'read again with nothing written');
    t.chain.pauseCampaign(t.campaign.address, true);
    await t.cluster.indexer.sync();
    assert.deepEqual(await servable(), [], 'paused through the projector');
    // A writer that is not the data layer (another process, an operator): the database's triggers move the generation.
    await sql`UPDATE campaigns SET paused = 0 WHERE address = ${t.campaign.address}`.execute(t.cluster.db);
    assert.deepEqual(await servable(), [t.campaign.address], 'unpaused by hand');
    assert.deepEqual(await campaigns.servable(t.cluster.db, Number(row.end_at)), [], 'never outside its window');
    await sql`UPDATE campaigns SET closed_at = ${now} WHERE address = ${t.campaign.address}`.execute(t.cluster.db);
    assert.deepEqual(await servable(), [], 'closed by hand');
  });
});
