// Generates idl/marquee.json, the Anchor IDL (spec 0.1.0) of the Marquee program, from the
// declarations below. The Rust program is written by hand to match; host tests check the
// discriminators and the mocha suite exercises every instruction, account and event through it.
// Run: node programs/marquee/idl/generate.mjs  (npm run idl)
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PROGRAM_ID = '39EnWU8eWot8gdE381cWvmugmyBkyZBp4pGsjESJ23CH';
const SYSTEM_PROGRAM = '11111111111111111111111111111111';
// Share mints are Token-2022 mints with the NonTransferable extension.
const TOKEN_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
const UPGRADEABLE_LOADER = 'BPFLoaderUpgradeab1e11111111111111111111111';

const discriminator = (preimage) => [...createHash('sha256').update(preimage).digest().subarray(0, 8)];
const bytes = (text) => [...Buffer.from(text, 'utf8')];

// ---- account helpers -------------------------------------------------------------------------
const signer = (name, writable = true) => ({ name, writable, signer: true });
const account = (name, writable = false, extra = {}) => ({ name, ...(writable ? { writable } : {}), ...extra });
const pda = (name, writable, seeds) => account(name, writable, { pda: { seeds } });
const constSeed = (text) => ({ kind: 'const', value: bytes(text) });
const accountSeed = (path) => ({ kind: 'account', path });
const systemProgram = { name: 'system_program', address: SYSTEM_PROGRAM };
const tokenProgram = { name: 'token_program', address: TOKEN_PROGRAM };
// Events are emitted by a self-CPI signed by this PDA (Anchor's emit_cpi! convention).
const eventAccounts = [
  pda('event_authority', false, [constSeed('__event_authority')]),
  { name: 'program', address: PROGRAM_ID },
];
const platformPda = (writable = false) => pda('platform', writable, [constSeed('platform')]);

// ---- types -----------------------------------------------------------------------------------
const field = (name, type) => ({ name, type });
const struct = (name, fields, docs) => ({ name, ...(docs ? { docs: [docs] } : {}), type: { kind: 'struct', fields: fields.map(([n, t]) => field(n, t)) } });
const defined = (name) => ({ defined: { name } });

const types = [
  struct('InitializePlatformArgs', [
    ['treasury', 'pubkey'], ['settlement_authority', 'pubkey'],
    ['publisher_bps', 'u16'], ['investor_bps', 'u16'], ['platform_bps', 'u16'],
    ['min_investment_lamports', 'u64'],
    ['unverified_funding_cap_lamports', 'u64'], ['verified_funding_cap_lamports', 'u64'],
    ['max_funding_days', 'u16'],
  ]),
  struct('UpdatePlatformArgs', [
    ['proposed_admin', 'pubkey'], ['treasury', 'pubkey'], ['settlement_authority', 'pubkey'],
    ['publisher_bps', 'u16'], ['investor_bps', 'u16'], ['platform_bps', 'u16'],
    ['min_investment_lamports', 'u64'],
    ['unverified_funding_cap_lamports', 'u64'], ['verified_funding_cap_lamports', 'u64'],
    ['max_funding_days', 'u16'],
  ]),
  struct('CreateProjectArgs', [
    ['title', 'string'], ['metadata_uri', 'string'], ['metadata_hash', { array: ['u8', 32] }],
    ['funding_goal_lamports', 'u64'], ['deadline', 'i64'], ['genre_mask', 'u64'],
  ], 'genre_mask: bit i = genre i of the platform genre list (programs/marquee/ad-genres.json), the bits of a campaign\'s target_genres.'),
  struct('EmbedCredit', [['embed', 'pubkey'], ['views', 'u64'], ['amount_lamports', 'u64']]),
  { name: 'ProjectStatus', type: { kind: 'enum', variants: [{ name: 'Funding' }, { name: 'Funded' }] } },
  { name: 'AdType', type: { kind: 'enum', variants: [{ name: 'Display' }, { name: 'Video' }, { name: 'Sponsorship' }] } },
  struct('CreateCampaignArgs', [
    ['campaign_id', 'u64'], ['ad_type', defined('AdType')], ['price_per_mille_lamports', 'u64'],
    ['sponsored_project', 'pubkey'], ['budget_lamports', 'u64'],
    ['creative_uri', 'string'], ['creative_hash', { array: ['u8', 32] }],
    ['target_genres', 'u64'], ['start_at', 'i64'], ['end_at', 'i64'], ['max_daily_spend_lamports', 'u64'],
  ], 'price_per_mille_lamports: 5000000 for display, 15000000 for video (spec CPMs at 1 SOL = 1000 USD), any positive price for a sponsorship; sponsored_project: the one project a sponsorship pays for (all zeros otherwise); target_genres: bit i = genre i of the platform genre list, 0 = all; end_at at most 366 days after start_at; max_daily_spend_lamports: the most settlement may take per UTC day (batches and distribution rent), at least one smallest batch plus its rent.'),
  // Accounts (fixed-size fields first, strings last, so the program reads them at fixed offsets).
  struct('Platform', [
    ['admin', 'pubkey'], ['treasury', 'pubkey'], ['settlement_authority', 'pubkey'],
    ['publisher_bps', 'u16'], ['investor_bps', 'u16'], ['platform_bps', 'u16'],
    ['min_investment_lamports', 'u64'],
    ['unverified_funding_cap_lamports', 'u64'], ['verified_funding_cap_lamports', 'u64'],
    ['project_count', 'u64'], ['studio_count', 'u64'], ['event_seq', 'u64'], ['bump', 'u8'],
    ['max_funding_days', 'u16'], ['pending_admin', 'pubkey'],
  ], 'Global configuration; one per program. pending_admin is all zeros when no admin handover is under way.'),
  struct('Studio', [
    ['authority', 'pubkey'], ['verified', 'bool'], ['project_count', 'u64'],
    ['registered_at', 'i64'], ['bump', 'u8'], ['name', 'string'],
  ], 'A wallet registered as a studio; verified by the admin for the higher funding cap.'),
  struct('Project', [
    ['id', 'u64'], ['studio', 'pubkey'], ['share_mint', 'pubkey'], ['vault', 'pubkey'],
    ['metadata_hash', { array: ['u8', 32] }],
    ['goal_lamports', 'u64'], ['raised_lamports', 'u64'], ['total_shares', 'u64'],
    ['investor_count', 'u32'], ['deadline', 'i64'], ['created_at', 'i64'], ['funded_at', 'i64'],
    ['status', defined('ProjectStatus')], ['funds_released', 'bool'],
    ['revenue_per_share', 'u128'],
    ['total_revenue_lamports', 'u64'],
    ['investor_revenue_lamports', 'u64'], ['investor_claimed_lamports', 'u64'],
    ['publisher_revenue_lamports', 'u64'], ['publisher_claimed_lamports', 'u64'],
    ['platform_revenue_lamports', 'u64'],
    ['total_views', 'u64'], ['distribution_count', 'u64'], ['embed_count', 'u32'], ['genre_mask', 'u64'],
    ['event_seq', 'u64'], ['bump', 'u8'], ['mint_bump', 'u8'], ['vault_bump', 'u8'],
    ['title', 'string'], ['metadata_uri', 'string'],
  ], 'A film seeking funding. revenue_per_share is Q64.64 lamports per share unit.'),
  struct('Investment', [
    ['project', 'pubkey'], ['investor', 'pubkey'], ['lamports', 'u64'], ['shares', 'u64'],
    ['revenue_per_share_checkpoint', 'u128'], ['accrued_revenue_lamports', 'u64'],
    ['claimed_revenue_lamports', 'u64'], ['investment_count', 'u32'],
    ['first_invested_at', 'i64'], ['last_invested_at', 'i64'], ['bump', 'u8'], ['share_account_bump', 'u8'],
  ], 'One investor\'s position in one project; its shares sit in the investor\'s associated token account (bump share_account_bump).'),
  struct('RevenueDistribution', [
    ['project', 'pubkey'], ['index', 'u64'], ['total_lamports', 'u64'],
    ['publisher_lamports', 'u64'], ['investor_lamports', 'u64'], ['platform_lamports', 'u64'],
    ['total_views', 'u64'], ['total_shares', 'u64'],
    ['revenue_per_share_before', 'u128'], ['revenue_per_share_after', 'u128'],
    ['distributed_at', 'i64'], ['bump', 'u8'],
  ], 'One ad-revenue deposit for a project.'),
  struct('Embed', [
    ['project', 'pubkey'], ['publisher', 'pubkey'], ['total_views', 'u64'],
    ['earned_lamports', 'u64'], ['claimed_lamports', 'u64'], ['registered_at', 'i64'],
    ['bump', 'u8'], ['embed_id', 'string'], ['website_url', 'string'],
  ], 'A publisher\'s registered embed of a funded project.'),
  struct('Campaign', [
    ['advertiser', 'pubkey'], ['campaign_id', 'u64'], ['ad_type', defined('AdType')], ['paused', 'bool'],
    ['price_per_mille_lamports', 'u64'], ['sponsored_project', 'pubkey'],
    ['budget_lamports', 'u64'], ['spent_lamports', 'u64'], ['impressions', 'u64'], ['settlement_count', 'u64'],
    ['creative_hash', { array: ['u8', 32] }], ['target_genres', 'u64'],
    ['start_at', 'i64'], ['end_at', 'i64'], ['created_at', 'i64'], ['event_seq', 'u64'],
    ['max_daily_spend_lamports', 'u64'], ['spend_day', 'u64'], ['spent_in_day_lamports', 'u64'], ['last_batch_id', 'u64'],
    ['bump', 'u8'], ['creative_uri', 'string'],
  ], 'An advertiser\'s ad campaign; its budget is held in the account\'s own lamports above rent (budget_lamports deposited in all, spent_lamports paid out: batches and their distributions\' rent). spend_day is unix_timestamp / 86400, spent_in_day_lamports what settlement took that day; last_batch_id the batch id of the last settlement.'),
  // Events: carry before/after values so the indexer never re-reads accounts; `seq` is the
  // per-project (or, for platform and studio events, platform-wide) sequence number.
  struct('PlatformInitialized', [
    ['admin', 'pubkey'], ['treasury', 'pubkey'], ['settlement_authority', 'pubkey'],
    ['publisher_bps', 'u16'], ['investor_bps', 'u16'], ['platform_bps', 'u16'],
    ['min_investment_lamports', 'u64'],
    ['unverified_funding_cap_lamports', 'u64'], ['verified_funding_cap_lamports', 'u64'],
    ['max_funding_days', 'u16'],
    ['seq', 'u64'], ['timestamp', 'i64'],
  ]),
  struct('PlatformUpdated', [
    ['previous_admin', 'pubkey'], ['admin', 'pubkey'], ['pending_admin', 'pubkey'],
    ['treasury', 'pubkey'], ['settlement_authority', 'pubkey'],
    ['publisher_bps', 'u16'], ['investor_bps', 'u16'], ['platform_bps', 'u16'],
    ['min_investment_lamports', 'u64'],
    ['unverified_funding_cap_lamports', 'u64'], ['verified_funding_cap_lamports', 'u64'],
    ['max_funding_days', 'u16'],
    ['seq', 'u64'], ['timestamp', 'i64'],
  ]),
  struct('StudioRegistered', [
    ['studio', 'pubkey'], ['authority', 'pubkey'], ['name', 'string'], ['seq', 'u64'], ['timestamp', 'i64'],
  ]),
  struct('StudioVerified', [
    ['studio', 'pubkey'], ['authority', 'pubkey'], ['verified_before', 'bool'], ['verified', 'bool'],
    ['funding_cap_lamports', 'u64'], ['seq', 'u64'], ['timestamp', 'i64'],
  ]),
  struct('ProjectCreated', [
    ['project', 'pubkey'], ['project_id', 'u64'], ['studio', 'pubkey'], ['share_mint', 'pubkey'],
    ['vault', 'pubkey'], ['goal_lamports', 'u64'], ['deadline', 'i64'],
    ['metadata_hash', { array: ['u8', 32] }], ['title', 'string'], ['metadata_uri', 'string'],
    ['genre_mask', 'u64'], ['seq', 'u64'], ['timestamp', 'i64'],
  ]),
  struct('Invested', [
    ['project', 'pubkey'], ['investor', 'pubkey'], ['investment', 'pubkey'],
    ['amount_lamports', 'u64'], ['shares_minted', 'u64'],
    ['investor_lamports_after', 'u64'], ['investor_shares_after', 'u64'],
    ['raised_before', 'u64'], ['raised_after', 'u64'], ['goal_lamports', 'u64'],
    ['investor_count_after', 'u32'], ['new_investor', 'bool'], ['status_after', defined('ProjectStatus')],
    ['seq', 'u64'], ['timestamp', 'i64'],
  ]),
  struct('LicenseClaimed', [
    ['project', 'pubkey'], ['studio', 'pubkey'], ['amount_lamports', 'u64'], ['seq', 'u64'], ['timestamp', 'i64'],
  ]),
  struct('Refunded', [
    ['project', 'pubkey'], ['investor', 'pubkey'], ['investment', 'pubkey'],
    ['amount_lamports', 'u64'], ['shares_burned', 'u64'],
    ['raised_before', 'u64'], ['raised_after', 'u64'], ['investor_count_after', 'u32'],
    ['seq', 'u64'], ['timestamp', 'i64'],
  ]),
  struct('EmbedRegistered', [
    ['project', 'pubkey'], ['embed', 'pubkey'], ['publisher', 'pubkey'],
    ['embed_id', 'string'], ['website_url', 'string'], ['seq', 'u64'], ['timestamp', 'i64'],
  ]),
  struct('RevenueDistributed', [
    ['project', 'pubkey'], ['distribution', 'pubkey'], ['index', 'u64'],
    ['total_lamports', 'u64'], ['publisher_lamports', 'u64'], ['investor_lamports', 'u64'],
    ['platform_lamports', 'u64'], ['total_views', 'u64'], ['total_shares', 'u64'],
    ['revenue_per_share_before', 'u128'], ['revenue_per_share_after', 'u128'],
    ['embeds', { vec: defined('EmbedCredit') }], ['seq', 'u64'], ['timestamp', 'i64'],
  ]),
  // No timestamp (unlike every other event): reading the clock was ~121 CU of a claim's ~1,650; a
  // claim's time is its transaction's block time, which the indexer stores with the event.
  struct('RevenueClaimed', [
    ['project', 'pubkey'], ['investor', 'pubkey'], ['investment', 'pubkey'], ['amount_lamports', 'u64'],
    ['revenue_per_share_checkpoint', 'u128'], ['claimed_total_after', 'u64'], ['seq', 'u64'],
  ]),
  struct('PublisherRevenueClaimed', [
    ['project', 'pubkey'], ['embed', 'pubkey'], ['publisher', 'pubkey'], ['amount_lamports', 'u64'],
    ['claimed_total_after', 'u64'], ['seq', 'u64'], ['timestamp', 'i64'],
  ]),
  // Campaign events are numbered in the campaign's own stream (`seq`), keyed by `campaign`.
  struct('CampaignCreated', [
    ['campaign', 'pubkey'], ['advertiser', 'pubkey'], ['campaign_id', 'u64'], ['ad_type', defined('AdType')],
    ['price_per_mille_lamports', 'u64'], ['sponsored_project', 'pubkey'], ['budget_lamports', 'u64'],
    ['creative_uri', 'string'], ['creative_hash', { array: ['u8', 32] }], ['target_genres', 'u64'],
    ['start_at', 'i64'], ['end_at', 'i64'], ['max_daily_spend_lamports', 'u64'], ['seq', 'u64'], ['timestamp', 'i64'],
  ]),
  struct('CampaignToppedUp', [
    ['campaign', 'pubkey'], ['advertiser', 'pubkey'], ['amount_lamports', 'u64'], ['budget_after', 'u64'],
    ['remaining_after', 'u64'], ['seq', 'u64'], ['timestamp', 'i64'],
  ]),
  struct('CampaignPauseSet', [
    ['campaign', 'pubkey'], ['advertiser', 'pubkey'], ['paused_before', 'bool'], ['paused', 'bool'],
    ['seq', 'u64'], ['timestamp', 'i64'],
  ]),
  struct('CampaignSettled', [
    ['campaign', 'pubkey'], ['advertiser', 'pubkey'], ['project', 'pubkey'], ['distribution', 'pubkey'],
    ['distribution_index', 'u64'], ['batch_id', 'u64'], ['impressions', 'u64'], ['amount_lamports', 'u64'],
    ['rent_lamports', 'u64'], ['spent_after', 'u64'],
    ['remaining_after', 'u64'], ['impressions_after', 'u64'], ['seq', 'u64'], ['timestamp', 'i64'],
  ]),
  // A studio's edit of its film's metadata: in the project's stream, with the URI and hash before and after.
  struct('ProjectMetadataUpdated', [
    ['project', 'pubkey'], ['studio', 'pubkey'],
    ['previous_metadata_hash', { array: ['u8', 32] }], ['metadata_hash', { array: ['u8', 32] }],
    ['previous_metadata_uri', 'string'], ['metadata_uri', 'string'], ['seq', 'u64'], ['timestamp', 'i64'],
  ]),
  struct('CampaignClosed', [
    ['campaign', 'pubkey'], ['advertiser', 'pubkey'], ['refunded_lamports', 'u64'], ['rent_lamports', 'u64'],
    ['spent_lamports', 'u64'], ['impressions', 'u64'], ['seq', 'u64'], ['timestamp', 'i64'],
  ]),
];

// ---- instructions ----------------------------------------------------------------------------
const projectPda = (writable = true) => account('project', writable);
const vaultPda = pda('vault', true, [constSeed('vault'), accountSeed('project')]);
const shareMintPda = pda('share_mint', true, [constSeed('share_mint'), accountSeed('project')]);
const investmentPda = pda('investment', true, [constSeed('investment'), accountSeed('project'), accountSeed('investor')]);
const investorShareAccount = pda('investor_share_account', true, [
  accountSeed('investor'), { kind: 'const', value: [...bs58decode(TOKEN_PROGRAM)] }, accountSeed('share_mint'),
]);
investorShareAccount.pda.program = { kind: 'const', value: [...bs58decode(ASSOCIATED_TOKEN_PROGRAM)] };

// The campaign id is an argument seed (u64 LE): clients derive the address themselves.
const campaignPda = account('campaign', true);

const programDataPda = pda('program_data', false, [{ kind: 'const', value: bs58decode(PROGRAM_ID) }]);
programDataPda.pda.program = { kind: 'const', value: bs58decode(UPGRADEABLE_LOADER) };

const instruction = (name, docs, accounts, args = []) => ({
  name, docs, discriminator: discriminator(`global:${name}`), accounts: [...accounts, ...eventAccounts], args,
});
const arg = (name, type) => ({ name, type });

const instructions = [
  instruction('initialize_platform', [
    'The program\'s upgrade authority (per its ProgramData account) creates the Platform and becomes its admin;',
    'the treasury account (the treasury argument) is topped up to its rent-exempt minimum.',
  ], [
    signer('admin'), platformPda(true), programDataPda, account('treasury', true), systemProgram,
  ], [arg('args', defined('InitializePlatformArgs'))]),
  instruction('update_platform', [
    'Admin only: changes the treasury (rent-exempt), settlement authority, split, minimum, caps and funding window,',
    'and proposes an admin (the current admin cancels a proposal), who takes over with accept_admin.',
  ], [
    signer('admin', false), platformPda(true), account('treasury'),
  ], [arg('args', defined('UpdatePlatformArgs'))]),
  instruction('accept_admin', ['The admin proposed by update_platform takes over the platform.'], [
    signer('new_admin', false), platformPda(true),
  ]),
  instruction('register_studio', ['Any wallet registers itself as a studio.'], [
    signer('authority'), platformPda(true),
    pda('studio', true, [constSeed('studio'), accountSeed('authority')]), systemProgram,
  ], [arg('name', 'string')]),
  instruction('verify_studio', ['Admin only: sets or clears a studio\'s verified flag.'], [
    signer('admin', false), platformPda(true), account('studio', true),
  ], [arg('verified', 'bool')]),
  instruction('create_project', ['A registered studio lists a film: creates the Project, its share mint and its SOL vault.'], [
    signer('authority'), platformPda(true),
    pda('studio', true, [constSeed('studio'), accountSeed('authority')]),
    projectPda(true), shareMintPda, vaultPda, systemProgram, tokenProgram,
  ], [arg('args', defined('CreateProjectArgs'))]),
  instruction('invest', [
    'Moves SOL into the project vault and mints non-transferable share tokens to the investor\'s associated token',
    'account, which the client creates before it in the same transaction (Associated Token program, CreateIdempotent).',
  ], [
    signer('investor'), platformPda(false), projectPda(true), investmentPda, shareMintPda,
    investorShareAccount, vaultPda, systemProgram, tokenProgram,
  ], [arg('amount_lamports', 'u64')]),
  instruction('claim_license', ['The studio takes the raised SOL of a funded project, exactly once.'], [
    signer('authority'), projectPda(true), vaultPda,
  ]),
  instruction('refund', ['After a missed deadline on an unfunded project: returns the investment, burns the shares, closes the Investment.'], [
    signer('investor'), projectPda(true), investmentPda, shareMintPda, investorShareAccount, vaultPda, tokenProgram,
  ]),
  instruction('register_embed', ['A publisher registers a website embed of a funded project.'], [
    signer('publisher'), projectPda(true),
    // The seeds end with the embed id as two seeds of at most 32 bytes (its first 32 bytes, then the
    // rest): clients derive the address themselves, as Anchor cannot split an argument seed.
    account('embed', true), systemProgram,
  ], [arg('embed_id', 'string'), arg('website_url', 'string')]),
  instruction('distribute_revenue', [
    'Settlement authority deposits ad revenue: publishers by views (remaining accounts: the embeds, writable,',
    'in the order of `views`), investors through the reward-per-share accumulator, the platform to its treasury.',
  ], [
    signer('settlement_authority'), platformPda(false), projectPda(true), vaultPda,
    account('distribution', true), account('treasury', true), systemProgram,
  ], [arg('amount_lamports', 'u64'), arg('views', { vec: 'u64' })]),
  instruction('claim_revenue', ['An investor takes the revenue accrued to their shares.'], [
    signer('investor'), projectPda(true), investmentPda, vaultPda,
  ]),
  instruction('claim_publisher_revenue', ['A publisher takes what their embed has earned.'], [
    signer('publisher'), projectPda(true), account('embed', true), vaultPda,
  ]),
  instruction('create_campaign', [
    'An advertiser creates a campaign and deposits its budget into it. A sponsorship passes its project as the one',
    'remaining account.',
  ], [signer('advertiser'), campaignPda, systemProgram], [arg('args', defined('CreateCampaignArgs'))]),
  instruction('top_up_campaign', ['The advertiser adds to the budget of a campaign that has not ended.'], [
    signer('advertiser'), account('campaign', true), systemProgram,
  ], [arg('amount_lamports', 'u64')]),
  instruction('set_campaign_paused', ['The advertiser pauses (the ad server stops serving it) or resumes a campaign.'], [
    signer('advertiser', false), account('campaign', true),
  ], [arg('paused', 'bool')]),
  instruction('settle_campaign', [
    'Settlement authority pays a batch of impressions (impressions x price per mille / 1000) from the campaign to the',
    'project and splits it as distribute_revenue does (remaining accounts: the embeds, writable, in the order of `views`).',
    'The campaign also pays back the distribution\'s rent to the settlement authority; batch_id must be above the',
    'campaign\'s last_batch_id, the film\'s genre_mask must meet its target_genres, and the day\'s spend stay within its cap.',
  ], [
    signer('settlement_authority'), platformPda(false), account('campaign', true), projectPda(true), vaultPda,
    account('distribution', true), account('treasury', true), systemProgram,
  ], [arg('batch_id', 'u64'), arg('impressions', 'u64'), arg('views', { vec: 'u64' })]),
  instruction('close_campaign', [
    'After the end and the settlement grace period, the advertiser closes the campaign and takes back the unspent',
    'budget and the rent.',
  ], [signer('advertiser'), account('campaign', true)]),
  instruction('update_project_metadata', [
    'The studio that listed a film points it to a new metadata document (URI of 1 to 200 bytes, non-zero sha256);',
    'the title and the funding terms stay as listed.',
  ], [signer('authority', false), projectPda(true)], [arg('metadata_uri', 'string'), arg('metadata_hash', { array: ['u8', 32] })]),
];

const accountNames = ['Platform', 'Studio', 'Project', 'Investment', 'RevenueDistribution', 'Embed', 'Campaign'];
const eventNames = ['PlatformInitialized', 'PlatformUpdated', 'StudioRegistered', 'StudioVerified', 'ProjectCreated',
  'Invested', 'LicenseClaimed', 'Refunded', 'EmbedRegistered', 'RevenueDistributed', 'RevenueClaimed',
  'PublisherRevenueClaimed', 'CampaignCreated', 'CampaignToppedUp', 'CampaignPauseSet', 'CampaignSettled', 'CampaignClosed',
  'ProjectMetadataUpdated'];

// Error codes start at Anchor's 6000; the order here is the order of MarqueeError in errors.rs.
const errors = [
  ['InvalidInstruction', 'Unknown instruction'],
  ['InvalidInstructionData', 'Instruction data could not be decoded'],
  ['NotEnoughAccounts', 'Not enough accounts were passed'],
  ['MissingSignature', 'A required signer did not sign'],
  ['AccountNotWritable', 'An account that must be writable is read-only'],
  ['Unauthorized', 'The signer is not allowed to perform this action'],
  ['AlreadyInitialized', 'The account is already initialized'],
  ['InvalidAccountOwner', 'An account is not owned by the expected program'],
  ['InvalidAccountData', 'An account does not hold the expected data'],
  ['InvalidPda', 'An account is not the expected program address'],
  ['InvalidProgram', 'A program account is not the expected program'],
  ['InvalidEventAuthority', 'The event authority is not the program\'s event authority'],
  ['InvalidRevenueSplit', 'The revenue split must sum to 10000 basis points'],
  ['InvalidMinimumInvestment', 'The minimum investment must be above zero'],
  ['InvalidFundingCap', 'Funding caps must be at least the minimum funding goal, and the verified cap at least the unverified one'],
  ['StringTooLong', 'A text field is longer than allowed'],
  ['StringEmpty', 'A text field is empty'],
  ['FundingGoalTooSmall', 'The funding goal is below the minimum of 0.001 SOL'],
  ['FundingGoalAboveCap', 'The funding goal is above the studio\'s funding cap'],
  ['DeadlineInPast', 'The deadline must be in the future'],
  ['ProjectNotFunding', 'The project is not accepting investments'],
  ['DeadlinePassed', 'The funding deadline has passed'],
  ['InvestmentBelowMinimum', 'The investment is below the minimum'],
  ['InvestmentExceedsGoal', 'The investment exceeds what is left to the funding goal'],
  ['ProjectNotFunded', 'The project is not funded'],
  ['FundsAlreadyReleased', 'The raised funds were already released to the studio'],
  ['DeadlineNotPassed', 'Refunds open only after the deadline of an unfunded project'],
  ['InvalidMint', 'The share mint is not this project\'s mint'],
  ['InvalidVault', 'The vault is not this project\'s vault'],
  ['InvalidTokenAccount', 'The share token account is not the investor\'s associated token account'],
  ['InvalidTreasury', 'The treasury is not the platform treasury'],
  ['InvalidRevenueAmount', 'The revenue amount must be above zero'],
  ['ViewsMismatch', 'The number of views does not match the number of embed accounts'],
  ['TooManyEmbeds', 'Too many embeds in one distribution'],
  ['DuplicateEmbed', 'An embed appears twice in one distribution'],
  ['EmbedProjectMismatch', 'The embed belongs to another project'],
  ['InvalidWebsiteUrl', 'The website URL must start with http:// or https:// and contain no spaces'],
  ['NothingToClaim', 'There is nothing to claim'],
  ['NoShares', 'The project has no shares to distribute revenue to'],
  ['ArithmeticOverflow', 'Arithmetic overflow'],
  ['InsufficientVaultBalance', 'The vault holds less than it owes'],
  ['StringNotUtf8', 'A text field is not valid UTF-8'],
  ['InvalidEmbedId', 'The embed id must be 1 to 64 letters, digits, dots, underscores or hyphens'],
  ['ZeroAddress', 'The all-zero address cannot hold a platform role'],
  ['InvalidProgramData', "The program data account is not this program's"],
  ['InvalidFundingWindow', 'The funding window must be between 1 and 365 days'],
  ['DeadlineTooFar', "The deadline is beyond the platform's funding window"],
  ['TreasuryNotRentExempt', 'The treasury would hold less than its rent-exempt minimum'],
  ['RecipientNotRentExempt', 'The payout would leave the recipient below its rent-exempt minimum'],
  ['StudioCannotInvest', 'A studio cannot invest in its own project'],
  ['DuplicateAccount', 'One account was passed where two different accounts are needed'],
  ['InvalidAdType', 'The ad type must be display, video or sponsorship'],
  ['InvalidCampaignPrice', "Display and video campaigns pay the standard price per mille; a sponsorship's price must be above zero"],
  ['InvalidSponsoredProject', 'A sponsorship names one project; display and video campaigns name none'],
  ['CampaignBudgetTooSmall', 'The budget must pay for at least one settlement batch (1,000 impressions)'],
  ['InvalidCampaignWindow', 'The campaign must end after it starts, and in the future'],
  ['InvalidCampaignAmount', 'The amount must be above zero'],
  ['CampaignEnded', 'The campaign has ended'],
  ['CampaignNotStarted', 'The campaign has not started'],
  ['CampaignSettlementClosed', "The campaign's settlement grace period is over"],
  ['CampaignBudgetExceeded', 'The batch costs more than the campaign has left'],
  ['SponsoredProjectMismatch', 'The sponsorship is bound to another project'],
  ['ViewsExceedImpressions', "The embeds' views exceed the impressions settled"],
  ['CampaignGracePeriodNotOver', 'A campaign closes only after its end and the settlement grace period'],
  ['InvalidMetadataHash', 'The metadata hash must not be all zeros'],
  ['MetadataUnchanged', 'The new metadata URI and hash are the ones the project already records'],
  ['ShareAccountNotCreated', "The investor's share account does not exist: create it with the Associated Token program's CreateIdempotent before invest"],
  ['CampaignTooLong', 'A campaign runs at most 366 days (end_at - start_at), and its settlement deadline must fit'],
  ['InvalidDailySpendCap', "The maximum spend per day must pay for at least one settlement batch and its distribution's rent"],
  ['CampaignDailyCapExceeded', "The batch would take the campaign's spend this day beyond its maximum spend per day"],
  ['BatchOutOfOrder', "The batch id must be above the campaign's last settled batch id: a batch is paid once, in order"],
  ['GenreMismatch', "The film's genres are not among the campaign's target genres"],
  ['InvalidGenreMask', "The genre mask sets a bit beyond the platform's genre list"],
];

function bs58decode(text) {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let value = 0n;
  for (const char of text) value = value * 58n + BigInt(alphabet.indexOf(char));
  const out = [];
  while (value > 0n) { out.unshift(Number(value & 0xffn)); value >>= 8n; }
  for (const char of text) { if (char !== '1') break; out.unshift(0); }
  while (out.length < 32) out.unshift(0);
  return out;
}

const idl = {
  address: PROGRAM_ID,
  metadata: { name: 'marquee', version: '0.1.0', spec: '0.1.0', description: 'Film crowdfunding and ad-revenue sharing' },
  instructions,
  accounts: accountNames.map((name) => ({ name, discriminator: discriminator(`account:${name}`) })),
  events: eventNames.map((name) => ({ name, discriminator: discriminator(`event:${name}`) })),
  errors: errors.map(([name, msg], index) => ({ code: 6000 + index, name, msg })),
  types,
};

const here = dirname(fileURLToPath(import.meta.url));
writeFileSync(join(here, 'marquee.json'), `${JSON.stringify(idl, null, 2)}\n`);
console.log(`wrote ${join(here, 'marquee.json')}`);
