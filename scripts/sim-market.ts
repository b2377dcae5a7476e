// npm run sim:market — an adversarial simulation of the ad market against the real server (the API
// app in process, as the indexer tests run it) on the demo chain (LiteSVM, the real program):
// honest viewers playing the player page on the embed's website; a bot rotating addresses inside one
// IPv6 /64 and across one IPv4 /24; a publisher naming a paused campaign and a campaign it was not
// served; forged, tampered, expired and misdirected tickets; a copycat site claiming the registered
// website in `?website=`; a batch the program refuses for good (its campaign's settlement period
// over) on a film other campaigns are paid on; two leaders batching at once. Prints one table and
// exits non-zero when a target is missed: fraudulent views counted 0, honest views counted 100%,
// films blocked 0, batches paid twice 0 (the platform's net per batch is printed: it turns
// non-negative with the program's campaign-paid rent).
import anchor from '@coral-xyz/anchor';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../indexer/src/api/app.ts';
import { AD_TICKET_TTL_MS } from '../indexer/src/constants.ts';
import { publishers } from '../indexer/src/db/index.ts';
import { startDemo } from '../indexer/src/demo/index.ts';
import { KEY } from '../indexer/src/demo/keys.ts';
import { playTicket, type AdSlot } from '../indexer/src/player/machine.ts';
import { TicketSigner } from '../indexer/src/player/ticket.ts';
import { SettlementJob, type SettlementSigner } from '../indexer/src/settlement/job.ts';

const LAMPORTS_PER_SOL = 1_000_000_000;
const DAY_SECONDS = 86_400;
/** Small caps, so the bots meet them within the run; the rules are the defaults' (constants.ts). */
const CAPS = { minWatchMs: 0, maxViewsPerIp: 5, maxViewsPerNetwork: 10, maxViewsPerEmbed: 20 };

type Kind =
  | 'honest'
  | 'honest, ad served before its campaign paused'
  | 'bot: one IPv6 /64, rotated'
  | 'bot: one IPv4 /24, rotated'
  | 'publisher names the paused campaign'
  | 'publisher names a campaign not served'
  | 'ticket tampered to another campaign'
  | 'ticket forged (another key)'
  | 'ticket expired'
  | 'ticket of another embed'
  | 'ticket reused'
  | 'copycat site claiming ?website=';

interface Tally {
  offered: number;
  counted: number;
  /** Views of the kind the rules allow to count (honest ones; a bot's one group's share). */
  allowed: number;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-sim-market-'));
  let offsetMs = 0;
  const now = () => Date.now() + offsetMs;
  const demo = await startDemo({ dataDir, origin: 'http://localhost:8787', settlementIntervalMs: 0, now });
  const secret = randomBytes(32);
  const app = createApp({ clusters: [demo.cluster], demo: demo.extension, trustedProxyHops: 1, views: CAPS, ticketSecret: secret, now });
  const db = demo.cluster.db;
  try {
    const embeds = (await (await app.request('/api/embeds')).json()) as { projectId: number; embedId: string; websiteUrl: string; publisher: string }[];
    // The seed's first embed: its publisher's website is where the honest viewers watch.
    const embed = embeds[0];
    if (!embed) throw new Error('the demo seed has no embed');
    const SITE = new URL(embed.websiteUrl).origin;
    const other = embeds.find((candidate) => candidate.projectId === embed.projectId && candidate.embedId !== embed.embedId) ?? embeds.find((e) => e !== embed)!;
    const website = await publishers.requestWebsite(db, { wallet: embed.publisher, origin: SITE, websiteUrl: SITE, token: 'sim', contactEmail: null, now: now() });
    await publishers.recordCheck(db, website.id, { verified: true, method: 'well-known', now: now() });
    // The settlement key funded up front, so its balance moves only by what each batch costs it.
    const settlementKey = demo.service.keys.key(KEY.settlement).publicKey;
    demo.chain.airdrop(settlementKey, 1_000n * BigInt(LAMPORTS_PER_SOL));

    const tallies = new Map<Kind, Tally>();
    const tally = (kind: Kind, counted: boolean, allowed: boolean) => {
      const row = tallies.get(kind) ?? { offered: 0, counted: 0, allowed: 0 };
      row.offered++;
      if (counted) row.counted++;
      if (allowed) row.allowed++;
      tallies.set(kind, row);
    };
    const post = async (path: string, body: unknown, ip: string) => {
      const response = await app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify(body) });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    /** The player page as a browser on `referer` loads it: its ads and their tickets. */
    const page = async (ip: string, referer = `${SITE}/watch`, query = '') => {
      const response = await app.request(`/player/${embed.projectId}?embed=${embed.embedId}${query}`, { headers: { referer, 'sec-fetch-site': 'cross-site', 'x-forwarded-for': ip } });
      const config = JSON.parse(/id="player-config">(.*?)<\/script>/s.exec(await response.text())![1]) as {
        slots: AdSlot[];
        ads: Record<string, { campaign: string | null; ticket: string | null }>;
      };
      const served = playTicket(config.slots, config.ads);
      return { served, campaign: served ? config.ads[served.slot].campaign : null };
    };
    /** A play's view report, with its ticket (and whatever else the caller adds to the body); whether the view counted. */
    const play = async (ip: string, body: Record<string, unknown>) => {
      const view = await post('/api/views', { projectId: embed.projectId, embedId: embed.embedId, ...body }, ip);
      return view.body.counted === true;
    };
    let viewer = 0;
    /** An honest viewer: a new address of its own network, the page on the website, its ad's ticket. */
    const honest = async (kind: Kind = 'honest') => {
      const ip = viewer % 2 === 0 ? `100.${64 + (viewer >> 8)}.${viewer & 255}.7` : `2001:db8:${(viewer + 1).toString(16)}::7`;
      viewer++;
      const { served, campaign } = await page(ip);
      tally(kind, served ? await play(ip, served) : false, true);
      return campaign;
    };

    // ---- Advertisers: C (made to fail: it ends tomorrow), then A and B (sponsorships of the film, 1 SOL per 1,000 views).
    const advertiser = () => anchor.web3.Keypair.generate().publicKey.toBase58();
    const chainIso = (seconds: number) => new Date((demo.service.chainNow() + seconds) * 1000).toISOString();
    const sponsorship = async (wallet: string, budget: number, endsIn: number) =>
      (
        await demo.service.createCampaign(wallet, {
          adType: 'sponsorship',
          budget,
          pricePerMille: 1,
          sponsoredProjectId: embed.projectId,
          creativeUri: 'https://ads.example/spot.mp4',
          creativeHash: 'ab'.repeat(32),
          creativeKind: 'video',
          targetGenres: [],
          endAt: chainIso(endsIn),
          details: { companyName: null, email: null, website: null, targetAudience: null, monthlyBudgetUsd: null },
        })
      ).campaign;
    const [walletA, walletB, walletC] = [advertiser(), advertiser(), advertiser()];
    const campaignC = await sponsorship(walletC, 2, DAY_SECONDS);
    await demo.cluster.indexer.sync();
    const servedBy = new Map<string, number>();
    const served = (campaign: string | null) => campaign && servedBy.set(campaign, (servedBy.get(campaign) ?? 0) + 1);
    for (let i = 0; i < 3; i++) served(await honest());

    // Two leaders: each its own job on the same database and chain.
    /** What each settlement cost the settlement key (rent of what it created, and the fee), by signature. */
    const costs = new Map<string, bigint>();
    const signer: SettlementSigner = {
      nextDistributionIndex: (project) => demo.service.settlement.nextDistributionIndex(project),
      rentExemptMinimum: (bytes) => demo.service.settlement.rentExemptMinimum(bytes),
      distributeRevenue: (request) => demo.service.settlement.distributeRevenue(request),
      async settleCampaign(request) {
        const before = demo.chain.balance(settlementKey);
        const signature = await demo.service.settlement.settleCampaign(request);
        costs.set(signature, before - demo.chain.balance(settlementKey));
        return signature;
      },
    };
    const chainNow = () => demo.service.chainNow() * 1000;
    const leaders = [0, 1].map(() => new SettlementJob({ db, indexer: demo.cluster.indexer, signer, now, chainNow }));
    // C's views are batched, then its settlement period runs out before the batch is sent.
    await leaders[0].createBatches();
    demo.service.advanceClock(9 * DAY_SECONDS);

    const campaignA = await sponsorship(walletA, 3, 30 * DAY_SECONDS);
    const campaignB = await sponsorship(walletB, 4, 30 * DAY_SECONDS);
    await demo.cluster.indexer.sync();
    for (let i = 0; i < 4; i++) served(await honest());
    // A page a viewer opened before B paused: its ticket is B's, played after the pause.
    const early = await page('100.99.1.7');
    await demo.service.setCampaignPaused(walletB, campaignB, true);
    await demo.cluster.indexer.sync();
    tally('honest, ad served before its campaign paused', early.served ? await play('100.99.1.7', early.served) : false, true);
    served(early.campaign);
    for (let i = 0; i < 3; i++) served(await honest());

    // ---- The publisher's attacks: the paused campaign, and one that was not served, named in the body.
    const named = async (kind: Kind, campaign: string) => {
      const ip = `100.98.${tallies.get(kind)?.offered ?? 0}.7`;
      const { served: ticket, campaign: actual } = await page(ip);
      const before = await viewsOf(campaign);
      await play(ip, { ...ticket, campaign });
      served(actual);
      tally(kind, (await viewsOf(campaign)) > before, false);
    };
    const viewsOf = async (campaign: string) => Number((await db.selectFrom('views').select((eb) => eb.fn.countAll<number>().as('n')).where('campaign', '=', campaign).executeTakeFirstOrThrow()).n);
    await named('publisher names the paused campaign', campaignB);
    await named('publisher names a campaign not served', campaignC);
    // Tickets the server did not issue, or not for this play.
    const ticketOf = async (ip: string) => (await page(ip)).served!;
    const tampered = await ticketOf('100.97.1.7');
    const [payload, mac] = tampered.ticket.split('.');
    const edited = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), campaign: campaignB })).toString('base64url');
    tally('ticket tampered to another campaign', await play('100.97.1.7', { slot: tampered.slot, ticket: `${edited}.${mac}` }), false);
    const forged = new TicketSigner(randomBytes(32)).issueTicket({
      campaign: campaignA, projectId: embed.projectId, cluster: 'demo', embed: embed.embedId, slot: 'pre-roll', origin: SITE, issuedAt: now(), expiresAt: now() + 60_000,
    });
    tally('ticket forged (another key)', await play('100.97.2.7', { slot: 'pre-roll', ticket: forged }), false);
    const stale = await ticketOf('100.97.3.7');
    offsetMs += AD_TICKET_TTL_MS + 60_000;
    tally('ticket expired', await play('100.97.3.7', stale), false);
    const otherEmbed = await app.request(`/player/${other.projectId}?embed=${other.embedId}`, { headers: { referer: `${SITE}/x`, 'x-forwarded-for': '100.97.4.7' } });
    const otherConfig = JSON.parse(/id="player-config">(.*?)<\/script>/s.exec(await otherEmbed.text())![1]) as { slots: AdSlot[]; ads: Record<string, { campaign: string | null; ticket: string | null }> };
    const misdirected = playTicket(otherConfig.slots, otherConfig.ads);
    tally('ticket of another embed', misdirected ? await play('100.97.4.7', misdirected) : false, false);
    const once = await ticketOf('100.97.5.7');
    served((await page('100.97.5.7')).campaign);
    tally('honest', await play('100.97.5.7', once), true);
    tally('ticket reused', await play('100.97.5.8', once), false);
    const copycat = await page('100.97.6.7', 'https://copycat.example/films', `&website=${encodeURIComponent(SITE)}`);
    tally('copycat site claiming ?website=', copycat.served ? await play('100.97.6.7', copycat.served) : false, false);

    // ---- Bots: 15 addresses of one IPv6 /64, 15 of one IPv4 /24, each with a page of its own.
    for (let i = 0; i < 15; i++) {
      const ip6 = `2001:db8:b0b:1:${(i + 1).toString(16)}::${(i + 9).toString(16)}`;
      const v6 = await page(ip6);
      const counted6 = v6.served ? await play(ip6, v6.served) : false;
      if (counted6) served(v6.campaign);
      tally('bot: one IPv6 /64, rotated', counted6, (tallies.get('bot: one IPv6 /64, rotated')?.counted ?? 0) < CAPS.maxViewsPerIp);
      const ip4 = `192.0.2.${i + 1}`;
      const v4 = await page(ip4);
      const counted4 = v4.served ? await play(ip4, v4.served) : false;
      if (counted4) served(v4.campaign);
      tally('bot: one IPv4 /24, rotated', counted4, (tallies.get('bot: one IPv4 /24, rotated')?.counted ?? 0) < CAPS.maxViewsPerNetwork);
    }
    // Honest viewers after the bots, on an embed at its cap: their fair share still counts.
    for (let i = 0; i < 4; i++) served(await honest());

    // ---- Settlement: C's batch fails for good; two leaders batch at once; passes until nothing is left.
    for (let pass = 0; pass < 6; pass++) {
      await Promise.all(leaders.map((leader) => leader.createBatches()));
      if ((await leaders[pass % 2].runOnce()).length === 0) break;
    }
    await demo.cluster.indexer.sync();

    // ---- Measures.
    const batches = await db.selectFrom('settlement_batches').select(['id', 'campaign', 'status', 'impressions', 'signature', 'failed_reason', 'project_id']).orderBy('id').execute();
    const distributions = await db.selectFrom('distributions').select(['signature', 'platform_lamports']).execute();
    const platformOf = new Map(distributions.map((row) => [row.signature, BigInt(row.platform_lamports)]));
    const perBatch = batches
      .filter((batch) => batch.status === 'settled' && batch.signature)
      .map((batch) => ({ batch: Number(batch.id), net: (platformOf.get(batch.signature!) ?? 0n) - (costs.get(batch.signature!) ?? 0n) }));
    const campaignRows = await db.selectFrom('campaigns').select(['address', 'spent_lamports', 'impressions', 'price_per_mille_lamports']).where('address', 'in', [campaignA, campaignB, campaignC]).execute();
    const label = new Map([[campaignA, 'A'], [campaignB, 'B (paused midway)'], [campaignC, 'C (its batch made to fail)']]);
    const settledViews = async (campaign: string) =>
      Number(
        (
          await db
            .selectFrom('views as v')
            .innerJoin('settlement_batches as b', 'b.id', 'v.batch_id')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('v.campaign', '=', campaign)
            .where('b.status', '=', 'settled')
            .executeTakeFirstOrThrow()
        ).n,
      );
    let paidTwice = 0;
    const advertiserRows = [];
    for (const row of campaignRows) {
      const settled = await settledViews(row.address);
      if (Number(row.impressions) > settled) paidTwice++;
      advertiserRows.push({
        advertiser: label.get(row.address)!,
        adsServed: servedBy.get(row.address) ?? 0,
        viewsRecorded: await viewsOf(row.address),
        viewsPaid: settled,
        chargedSol: Number(row.spent_lamports) / LAMPORTS_PER_SOL,
        expectedSol: (settled * Number(row.price_per_mille_lamports)) / 1000 / LAMPORTS_PER_SOL,
      });
    }
    const pendingFilms = await db.selectFrom('settlement_batches').select('project_id').distinct().where('status', '=', 'pending').execute();
    const unexplained = await db.selectFrom('views').select('project_id').distinct().where('campaign', 'is not', null).where('batch_id', 'is', null).where('unsettled_reason', 'is', null).execute();
    const filmsBlocked = new Set([...pendingFilms, ...unexplained].map((row) => row.project_id)).size;
    const failed = batches.filter((batch) => batch.status === 'failed');

    // ---- The table.
    console.log('\nViews offered / counted by kind');
    console.table([...tallies.entries()].map(([kind, row]) => ({ kind, offered: row.offered, counted: row.counted, 'counted beyond the rules': Math.max(0, row.counted - row.allowed) })));
    console.log("SOL charged to each advertiser vs the ads it served (1 SOL per 1,000 views)");
    console.table(advertiserRows);
    console.log('Platform net per settled batch (treasury share − what the settlement key paid: rent and fee)');
    console.table(perBatch.map((row) => ({ batch: row.batch, 'platform net SOL': Number(row.net) / LAMPORTS_PER_SOL })));
    const fraudCounted = [...tallies.values()].reduce((sum, row) => sum + Math.max(0, row.counted - row.allowed), 0);
    const honestRows = [...tallies.entries()].filter(([kind]) => kind.startsWith('honest')).map(([, row]) => row);
    const honestOffered = honestRows.reduce((sum, row) => sum + row.offered, 0);
    const honestCounted = honestRows.reduce((sum, row) => sum + row.counted, 0);
    const targets = [
      { target: 'fraudulent views counted', value: fraudCounted, met: fraudCounted === 0, goal: '0' },
      { target: 'honest views counted', value: `${honestCounted}/${honestOffered}`, met: honestCounted === honestOffered, goal: '100%' },
      { target: 'films blocked', value: filmsBlocked, met: filmsBlocked === 0, goal: '0' },
      { target: 'batches paid twice', value: paidTwice, met: paidTwice === 0, goal: '0' },
      { target: 'batches failed for good (with reason)', value: failed.map((batch) => batch.failed_reason).join('; ') || 'none', met: failed.length === 1, goal: "C's batch" },
      {
        target: 'platform net per batch ≥ 0 (needs the campaign-paid rent)',
        value: perBatch.map((row) => (Number(row.net) / LAMPORTS_PER_SOL).toFixed(6)).join(', '),
        met: true,
        goal: 'printed',
      },
    ];
    console.table(targets);
    const missed = targets.filter((row) => !row.met);
    if (missed.length > 0) {
      console.error(`sim:market: missed ${missed.map((row) => row.target).join(', ')}`);
      process.exitCode = 1;
    } else console.log('sim:market: every target met');
  } finally {
    demo.stop();
    demo.cluster.indexer.stop();
    await demo.cluster.store.close();
    demo.release();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
