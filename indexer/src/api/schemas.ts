// Every request schema of the API, shared by the validators and /api/openapi.json.
import anchor from '@coral-xyz/anchor';
import { z } from 'zod';
import {
  ATTACHMENT_TITLE_MAX_LENGTH,
  CHAT_HISTORY_LIMIT,
  CHAT_MESSAGE_MAX_LENGTH,
  DEFAULT_FEATURED_LIMIT,
  DEFAULT_PAGE_LIMIT,
  LICENSE_TYPES,
  LINK_URL_MAX_LENGTH,
  MAX_AD_TICKET_LEN,
  MAX_EMBED_ID_LEN,
  MAX_LIST_LIMIT,
  MAX_ANALYTICS_WINDOW_DAYS,
  MAX_CLAIM_DISTRIBUTIONS,
  MAX_CURSOR_LENGTH,
  MAX_FILM_GENRES,
  MAX_GENRE_LEN,
  MAX_GENRES_TEXT_LEN,
  MAX_APPLICATION_DOCUMENTS,
  MAX_RELEASE_YEAR,
  MAX_STUDIO_NAME_LEN,
  MAX_TITLE_LEN,
  MAX_WEBSITE_URL_LEN,
  MIN_RELEASE_YEAR,
  POLL_MAX_OPTIONS,
  POLL_MIN_OPTIONS,
  POLL_OPTION_MAX_LENGTH,
  POLL_QUESTION_MAX_LENGTH,
  TEAM_NAME_MAX_LENGTH,
  TEAM_ROLE_MAX_LENGTH,
  UPDATE_DESCRIPTION_MAX_LENGTH,
  UPDATE_TITLE_MAX_LENGTH,
  MAX_CREATIVE_URI_LEN,
  MAX_WEBSITE_NAME_LEN,
  PUBLISHER_MONTHLY_VISITORS,
  PUBLISHER_WEBSITE_CATEGORIES,
  MAX_LISTING_MEDIA_URL_LEN,
} from '../constants.ts';
import { LISTING_VIDEO_URL_PATTERN, WHITESPACE, listingVideoUrlError } from '@marquee/api-contract/listing-video-url';
import { PROJECT_SORTS } from '../db/projects.ts';
import { largestExactAmount, lamportProblem, lamportStep, THOUSANDTHS_OF_SOL, USD, type AmountUnit } from '../lamports.ts';
import { base58Pattern } from './base58-pattern.ts';
import { AD_SLOTS } from '../player/machine.ts';

const { bs58 } = anchor.utils.bytes;

function decodesTo(length: number) {
  return (text: string) => {
    try {
      return bs58.decode(text).length === length;
    } catch {
      return false;
    }
  };
}

// JavaScript's whitespace spelled out for published patterns (defined beside the listing video rule).
const NOT_WHITESPACE = `[^${WHITESPACE}]`;

/**
 * Text that must not be blank: at most `max` characters (when given) as sent (what JSON Schema's maxLength
 * measures), then trimmed. The published pattern says "not only whitespace", which the trimmed
 * minimum of one character means.
 */
export function nonBlankText(max?: number, messages: { blank?: string; tooLong?: string } = {}) {
  const text = z.string();
  return (max === undefined ? text : text.max(max, messages.tooLong === undefined ? undefined : { message: messages.tooLong }))
    .trim()
    .min(1, messages.blank === undefined ? undefined : { message: messages.blank })
    .meta({ pattern: NOT_WHITESPACE });
}

// The published pattern (base58-pattern.ts) is what a client can check before sending: every text
// it matches is accepted. The validators check the decoded length itself, so the rare key outside
// the pattern (two leading zero bytes) is accepted too.
export const walletAddress = z
  .string()
  .refine(decodesTo(32), { message: 'Expected a base58 Solana address' })
  .meta({
    description: 'base58 Solana address (32 bytes)',
    example: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
    pattern: base58Pattern(32),
  });

export const txHash = z
  .string()
  .refine(decodesTo(64), { message: 'Expected a base58 transaction signature' })
  .meta({ description: 'base58 transaction signature (64 bytes) of the program transaction to verify', pattern: base58Pattern(64) });

/**
 * A JSON number of `unit` that becomes (or describes) u64 lamports: non-finite, negative,
 * fractional-lamport and over-u64 values are a 400 naming the problem, never a 500 further on.
 * `bounds` adds the field's own limits (positive, the spec's range), checked first.
 */
export function lamportAmount(unit: AmountUnit, description: string, bounds: (amount: z.ZodNumber) => z.ZodNumber = (amount) => amount) {
  // Only a wrong type is reworded (zod says "received Infinity"); an absent amount keeps zod's own
  // message (validate.ts turns it into "… is required"), as do the bounds' own.
  const amount = z.number({
    error: (issue) => (issue.code === 'invalid_type' && issue.input !== undefined ? `Expected a finite number of ${unit.name}` : undefined),
  });
  const bounded = bounds(amount);
  // The largest amount a double carries exactly is a hair under u64::MAX lamports: enforced as the
  // maximum, so the published maximum is exactly what is accepted (nothing above it is).
  const largest = largestExactAmount(unit);
  const withinU64 =
    bounded.maxValue !== null && bounded.maxValue <= largest
      ? bounded
      : bounded.max(largest, { message: `Invalid amount: must be at most ${largest} ${unit.name} (u64::MAX lamports, to the decimals a JSON number carries)` });
  return withinU64
    .superRefine((value, ctx) => {
      const problem = lamportProblem(value, unit);
      if (problem) ctx.addIssue({ code: 'custom', message: `Invalid amount: ${problem}`, input: value });
    })
    .meta({
      description: `${description}; a whole number of lamports (${unit.lamports} per ${unit.name}), at most u64::MAX lamports`,
      // What the refinement above checks, said in JSON Schema: whole lamports.
      multipleOf: lamportStep(unit),
    });
}

const NOT_AN_ID = { message: 'Expected a numeric id' };
/** A numeric id in a path or query (always text there): decimal digits, documented as an integer. */
const id = z.coerce.number(NOT_AN_ID).int().nonnegative();
/**
 * A numeric id in a JSON body: a number, or a string of decimal digits. Never coerced: a body's null,
 * '', true or [3] would otherwise name film 0, 1 or 3, and '0x3', '3e0' or ' 3' be other names of 3.
 */
const bodyId = z.union(
  [z.number(NOT_AN_ID).int(NOT_AN_ID).nonnegative(NOT_AN_ID).max(Number.MAX_SAFE_INTEGER, NOT_AN_ID), z.string().regex(/^\d{1,15}$/).transform(Number)],
  NOT_AN_ID,
);

/** A `{userId}`: the numeric id from POST /api/users (as a number or a string) or a wallet address; always a string after parsing. */
export const userId = z
  .union([z.number().int().nonnegative(), z.string().regex(/^\d+$/), walletAddress], { message: 'Expected a user id or a wallet address' })
  .transform(String);
export const userIdParams = z.object({ userId });
export const projectIdParams = z.object({ projectId: id });
export const idParams = z.object({ id });

const modeFlags = {
  simulated: z.boolean().optional(),
  onChain: z.boolean().optional(),
};

/**
 * `limit` and `cursor` of every paginated list (docs/API.md "Pagination"): without either, the
 * list's un-paginated answer; with either, a page and its nextCursor.
 */
export const pageParameters = {
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_LIST_LIMIT)
    .optional()
    .meta({ description: `page size, 1..${MAX_LIST_LIMIT} (a cursor without limit: ${DEFAULT_PAGE_LIMIT}); with limit or cursor the answer is a page with nextCursor` }),
  cursor: z.string().max(MAX_CURSOR_LENGTH).optional().meta({ description: "the previous page's nextCursor, unchanged (null on the last page)" }),
};
/** A list that takes nothing but its page. */
export const pageQuery = z.object(pageParameters);

export const projectListQuery = z.object({
  status: z.enum(['funding', 'funded', 'failed', 'all']).optional(),
  q: z.string().max(200).optional().meta({ description: 'case-insensitive substring of title, description or directorName' }),
  search: z.string().max(200).optional().meta({ description: 'the same as q (older name)' }),
  sort: z.enum(PROJECT_SORTS).optional().meta({ description: 'funding (funding percentage, highest first), newest, endingSoon (nearest deadline first); default newest' }),
  limit: pageParameters.limit.meta({ description: 'page size; with limit or cursor the answer is a page { items, nextCursor, total }' }),
  cursor: pageParameters.cursor,
  studio: walletAddress.optional().meta({ description: 'studio account or studio authority wallet' }),
});
export const featuredQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_LIST_LIMIT).default(DEFAULT_FEATURED_LIMIT),
});
export const projectStatusBody = z.object({
  status: z.literal('funded', { message: "status must be 'funded'" }),
  txHash,
  ...modeFlags,
});

export const investmentBody = z.object({
  projectId: bodyId,
  amount: lamportAmount(THOUSANDTHS_OF_SOL, 'thousandths of SOL (informational; the chain decides)', (amount) => amount.positive()).optional(),
  txHash,
  userId: z.union([z.number(), z.string()]).optional(),
  tokenShare: z.number().optional(),
  ...modeFlags,
});

export const userBody = z.object({
  username: z.string().max(100).optional(),
  password: z.string().max(200).optional().meta({ description: 'accepted for the spec, never stored' }),
  walletAddress,
  isStudio: z.boolean().optional(),
});

const websiteUrl = z
  .string()
  .max(MAX_WEBSITE_URL_LEN)
  .regex(new RegExp(`^https?://${NOT_WHITESPACE}+$`), { message: 'Invalid URL: Please enter a valid website URL' });

export const embedBody = z.object({
  projectId: bodyId,
  websiteUrl,
  embedId: z.string().min(1).max(MAX_EMBED_ID_LEN),
  txHash,
  ...modeFlags,
});
export const embedListQuery = z.object({
  projectId: id.optional(),
  publisher: walletAddress.optional(),
  ...pageParameters,
});

export const distributionsQuery = z.object({ projectId: id.optional(), ...pageParameters });
/** The distributions a claim names (POST /api/revenue/claim, the demo's claim-revenue). */
export const distributionIds = z
  .array(z.number().int().nonnegative())
  .max(MAX_CLAIM_DISTRIBUTIONS, { message: `A claim names at most ${MAX_CLAIM_DISTRIBUTIONS} distributions` });
export const claimBody = z.object({
  distributionIds,
  txHash,
  ...modeFlags,
});

/** The publisher of a played embed: the chain keys an embed by film, publisher and embed id. */
const playedPublisher = walletAddress
  .optional()
  .meta({ description: "the embed's publisher (its chain address): two publishers' embeds of a film may share an embed id" });

export const demoTicketBody = z.object({
  projectId: bodyId,
  embedId: z.string().min(1).max(MAX_EMBED_ID_LEN),
  slot: z.enum(['pre-roll', 'mid-roll', 'overlay']),
});
export const viewBody = z.object({
  projectId: bodyId,
  embedId: z.string().min(1).max(MAX_EMBED_ID_LEN),
  publisher: playedPublisher,
  timestamp: z.union([z.number(), z.string()]).optional().meta({ description: "the player's clock; informational" }),
  ticket: z
    .string()
    .min(1)
    .max(MAX_AD_TICKET_LEN)
    .meta({
      description:
        "the play's ad ticket (GET /player/{projectId}/ads, asked when the viewer pressed Play): it names the campaign the view records and the origin it counts for, and buys one view",
    }),
  onChain: z.boolean().optional(),
});

/**
 * A listing's image: an upload of this server (/api/media/{sha256}), a demo film's generated poster
 * (/api/demo/posters/{id}.svg) or an https URL of at most
 * 2,048 characters without whitespace — never a data: URL, which every list, the prerendered
 * marketplace and the player page would then carry inline.
 */
export const listingMediaUrl = z
  .string()
  .max(MAX_LISTING_MEDIA_URL_LEN, { message: `The image URL is too long: at most ${MAX_LISTING_MEDIA_URL_LEN} characters` })
  .refine((url) => !/^\s*data:/i.test(url), { message: 'A data: URL is not accepted: upload the image (POST /api/media) and use its /api/media/{sha256} address' })
  .regex(new RegExp(`^(?:/api/media/[0-9a-f]{64}|/api/demo/posters/[0-9]+\\.svg|https://${NOT_WHITESPACE}+)$`), {
    message: 'Expected an upload of this server (/api/media/{sha256}) or an https URL',
  })
  .meta({
    description: "an upload of this server (/api/media/{sha256}), the demo chain's poster of a film, or an https URL (at most 2,048 characters; no data: URLs)",
  });

/**
 * A listing's video (the film or its trailer): an upload of this server (/api/media/{sha256}, an MP4
 * or WebM the media store typed by its bytes) or an https URL of at most 2,048 characters, by the
 * rule the app's form checks too (@marquee/api-contract's listingVideoUrlError).
 */
export const listingVideoUrl = z
  .string()
  .superRefine((url, ctx) => {
    const problem = listingVideoUrlError(url);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({
    maxLength: MAX_LISTING_MEDIA_URL_LEN,
    pattern: LISTING_VIDEO_URL_PATTERN,
    description: 'an MP4 or WebM upload of this server (/api/media/{sha256}) or an https URL (at most 2,048 characters)',
  });

export const metadataBody = z.object({
  title: nonBlankText(MAX_TITLE_LEN),
  description: nonBlankText(5000),
  directorName: nonBlankText(200),
  genres: z
    .union([
      z
        .array(nonBlankText(MAX_GENRE_LEN))
        .min(1)
        .max(MAX_FILM_GENRES, { message: `At most ${MAX_FILM_GENRES} genres` }),
      z.string().min(1).max(MAX_GENRES_TEXT_LEN),
    ])
    .transform((value) => (Array.isArray(value) ? value : value.split(',').map((genre) => genre.trim()).filter(Boolean)))
    .meta({ description: 'a list, or comma-separated text as the listing form has it' }),
  releaseYear: z.coerce.number().int().min(MIN_RELEASE_YEAR).max(MAX_RELEASE_YEAR),
  licenseType: z.enum(LICENSE_TYPES),
  thumbnailUrl: listingMediaUrl.optional(),
  videoUrl: listingVideoUrl.optional(),
  fundingGoal: lamportAmount(USD, 'USD, informational (the chain holds the goal)', (goal) => goal.min(1)).optional(),
  deadline: z.string().optional(),
});
export const playerQuery = z.object({
  embed: z.string().max(MAX_EMBED_ID_LEN).optional().meta({ description: 'registered embed id: views are counted' }),
  publisher: walletAddress
    .optional()
    .meta({
      description: "the embed's publisher (its chain address); without an embed id, the publisher whose verified websites may frame the player (Auto-List)",
    }),
  slots: z.string().optional().meta({ description: 'ad slots, comma-separated: pre-roll, mid-roll, overlay (default all)' }),
  website: z.string().optional().meta({ description: 'the embedding page, when the browser sends no Referer: shown only, views never count for it' }),
});
export const playerAdQuery = z.object({
  page: z.string().max(MAX_AD_TICKET_LEN).optional().meta({ description: "the player page's token (its config's pageToken): the ad then carries a ticket for the page's embed and origin" }),
});
const adSlot = z.enum(AD_SLOTS);
const adSlotNames = AD_SLOTS.join('|');
export const playerAdsQuery = z.object({
  slots: z
    .string()
    .max(64)
    .regex(new RegExp(`^(?:${adSlotNames})(?:,(?:${adSlotNames}))*$`), { message: `Expected ad slots, comma-separated: ${AD_SLOTS.join(', ')}` })
    .optional()
    .meta({ description: 'the slots the player plays, comma-separated: pre-roll, mid-roll, overlay (default all)' }),
  page: playerAdQuery.shape.page.meta({ description: "the player page's token (its config's pageToken): the play's ad then carries a ticket for the page's embed and origin" }),
});
export const sha256Params = z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/, { message: 'Expected a sha256 hex digest' }) });

// An http(s) website whose origin gets verified: a host name (labels of letters and digits joined
// by single hyphens, the last starting with a letter — so never read as an IPv4 address nor as
// punycode, which could fail to decode) or an IPv4 address, an optional port up to 65535, then
// anything without whitespace. Every text it matches is a URL (URL.canParse).
const dnsLabel = '[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*';
const hostName = `(?:${dnsLabel}\\.)*[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*`;
const octet = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])';
const ipv4 = `(?:${octet}\\.){3}${octet}`;
const port = '(?:[1-5]?[0-9]{1,4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])';
const publisherWebsite = z
  .string()
  .max(MAX_WEBSITE_URL_LEN)
  .regex(new RegExp(`^https?://(?:${hostName}|${ipv4})(?::${port})?(?:[/?#]${NOT_WHITESPACE}*)?$`), {
    message: 'Invalid URL: Please enter a valid website URL',
  });

const EMAIL = new RegExp(`^[^${WHITESPACE}@]+@[^${WHITESPACE}@]+\\.[^${WHITESPACE}@]+$`);

export const publisherParams = z.object({ walletAddress });

const MS_PER_DAY = 86_400_000;
/**
 * The days of every year as YYYY-MM-DD, for the OpenAPI document: a regular expression cannot tell
 * leap years apart, so it leaves out 29 February, which the validator still accepts in a leap year
 * (every text the published pattern matches is accepted, as with the base58 patterns).
 */
const DAY_OF_EVERY_YEAR = '^\\d{4}-(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1\\d|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)|(?:0[13578]|1[02])-31)$';
/** A UTC day as YYYY-MM-DD, one that exists in the calendar. */
const utcDay = (description: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Expected a UTC day as YYYY-MM-DD' })
    .refine((day) => {
      const time = Date.parse(`${day}T00:00:00Z`);
      return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === day;
    }, { message: 'Expected a day of the calendar' })
    .meta({ description, pattern: DAY_OF_EVERY_YEAR });
/** The day number (days since 1970-01-01) of a YYYY-MM-DD. */
export const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / MS_PER_DAY;

/**
 * A publisher's analytics: `byEmbed` pages with limit and cursor; `byDay` takes a window of whole
 * UTC days (`from` and `to` together, at most MAX_ANALYTICS_WINDOW_DAYS), every day without one.
 */
export const publisherAnalyticsQuery = z
  .object({
    ...pageParameters,
    from: utcDay(`first UTC day of byDay (with to; at most ${MAX_ANALYTICS_WINDOW_DAYS} days in all)`).optional(),
    to: utcDay('last UTC day of byDay, included (with from)').optional(),
  })
  .superRefine((query, ctx) => {
    if ((query.from === undefined) !== (query.to === undefined)) {
      ctx.addIssue({ code: 'custom', path: [query.from === undefined ? 'from' : 'to'], message: 'from and to go together' });
      return;
    }
    if (query.from === undefined || query.to === undefined) return;
    const days = dayNumber(query.to) - dayNumber(query.from) + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to is before from' });
    if (days > MAX_ANALYTICS_WINDOW_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `The window spans at most ${MAX_ANALYTICS_WINDOW_DAYS} days` });
  });
export const websiteRequestBody = z.object({
  walletAddress,
  websiteUrl: publisherWebsite,
  contactEmail: z
    .string()
    .regex(EMAIL, { message: 'Invalid email: Please enter a valid email address' })
    .max(200)
    .optional(),
  // The Apply to Publisher Program form's fields (all three or none: the Embed Library's form has none).
  websiteName: nonBlankText(MAX_WEBSITE_NAME_LEN, { blank: 'Website Name is required' }).optional(),
  monthlyVisitors: z.enum(PUBLISHER_MONTHLY_VISITORS).optional(),
  category: z.enum(PUBLISHER_WEBSITE_CATEGORIES).optional().meta({ description: 'the Website Category' }),
});
export const websiteVerifyBody = z.object({ walletAddress, websiteUrl: publisherWebsite });
export const apiKeyBody = z.object({ walletAddress, origin: publisherWebsite.meta({ description: 'a verified website (its origin)' }) });
export const apiKeyIdParams = z.object({ id });
export const revokeKeyBody = z.object({ walletAddress });
export const catalogueQuery = z.object({
  key: z.string().max(200).optional().meta({ description: 'the auto-list API key (or the x-marquee-key header)' }),
  ...pageParameters,
});
export const publisherClaimBody = z.object({ txHash, ...modeFlags });
const base64 = (what: string, maxLength: number) =>
  z
    .string()
    .max(maxLength)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { message: `Expected ${what} in base64` })
    .meta({ description: `${what}, base64` });

export const signInRequestQuery = z.object({
  address: walletAddress.meta({ description: 'the wallet that will sign in' }),
});
export const signInBody = z.object({
  signedMessage: base64('the exact bytes the wallet signed (the SIWS text)', 4096),
  signature: base64('the ed25519 signature', 128),
});

// --- studios ----------------------------------------------------------------------------------------
export const walletParams = z.object({ walletAddress });
export const studioProfileBody = z.object({
  name: nonBlankText(MAX_STUDIO_NAME_LEN, { blank: 'Studio name is required' }),
  description: z.string().max(2000).trim(),
});
const mediaDocument = z
  .object({
    name: nonBlankText(200),
    url: z.string().regex(/^\/api\/media\/[0-9a-f]{64}$/, { message: 'Expected a media store URL (/api/media/{sha256})' }),
    sha256: z.string().regex(/^[0-9a-f]{64}$/, { message: 'Expected a sha256 hex digest' }),
  })
  .refine((document) => document.url.endsWith(document.sha256), { message: 'The document URL must be its sha256' });
/** An email address as a form sends it: surrounding whitespace is trimmed. */
const EMAIL_WITHIN_WHITESPACE = new RegExp(`^[${WHITESPACE}]*${EMAIL.source.slice(1, -1)}[${WHITESPACE}]*$`);
export const applicationBody = z.object({
  walletAddress,
  studioName: nonBlankText(MAX_STUDIO_NAME_LEN, { blank: 'Studio name is required' }),
  contactEmail: z.string().regex(EMAIL_WITHIN_WHITESPACE, { message: 'Invalid email: Please enter a valid email address' }).trim(),
  website: websiteUrl,
  description: nonBlankText(5000),
  documents: z.array(mediaDocument).min(1, { message: 'Attach at least one document' }).max(MAX_APPLICATION_DOCUMENTS),
});
export const applicationIdParams = z.object({ id });
export const rejectionBody = z.object({ reason: nonBlankText(1000, { blank: 'Give the studio a reason' }) });
export const approvalBody = z.object({ txHash });
export const listingEditBody = metadataBody.pick({ description: true, directorName: true, genres: true, releaseYear: true, licenseType: true }).extend({
  title: z.string().optional().meta({ description: 'ignored: the title is recorded on chain' }),
  videoUrl: listingVideoUrl.nullable().optional().meta({ description: 'the film’s new video; null removes it; omitted keeps the current one' }),
});
export const transactionBody = z.object({ txHash });

// ---- collaboration hubs (docs/API.md "Collaboration") ----
const trimmed = (what: string, max: number) =>
  z
    .string({ message: `${what} is required` })
    .max(max, { message: `${what} is longer than ${max} characters` })
    .trim()
    .min(1, { message: `${what} must not be blank` })
    .meta({ pattern: NOT_WHITESPACE });
/** A link as a form sends it: surrounding whitespace is trimmed. */
const httpUrl = z
  .string()
  .max(LINK_URL_MAX_LENGTH)
  .regex(new RegExp(`^[${WHITESPACE}]*https?://${NOT_WHITESPACE}+[${WHITESPACE}]*$`), { message: 'Expected an http(s) URL without spaces' })
  .trim();

export const collaborationWalletQuery = z.object({ wallet: walletAddress.optional() });
export const hubListQuery = z.object({ wallet: walletAddress, ...pageParameters });
export const pollListQuery = collaborationWalletQuery.extend(pageParameters);
/** A hub: its `team` pages with limit and cursor. */
export const hubQuery = collaborationWalletQuery.extend(pageParameters);
export const messagesQuery = z.object({
  after: z.coerce.number().int().nonnegative().default(0).meta({ description: 'only messages with a higher id' }),
  limit: z.coerce.number().int().min(1).max(CHAT_HISTORY_LIMIT).default(CHAT_HISTORY_LIMIT),
});
/** Who acts: the signed-in wallet (requireWallet in routes/collaboration.ts). */
const actor = { walletAddress: walletAddress.meta({ description: 'the wallet acting: the signed-in wallet' }) };
export const actorBody = z.object(actor);
export const messageBody = z.object({
  ...actor,
  text: trimmed('Message', CHAT_MESSAGE_MAX_LENGTH),
  attachment: z
    .object({ type: z.literal('link').default('link'), url: httpUrl, title: z.string().max(ATTACHMENT_TITLE_MAX_LENGTH).trim().optional() })
    .optional(),
});
export const updateBody = z.object({
  ...actor,
  title: trimmed('Title', UPDATE_TITLE_MAX_LENGTH),
  description: trimmed('Description', UPDATE_DESCRIPTION_MAX_LENGTH),
});
export const pollBody = z.object({
  ...actor,
  question: trimmed('Question', POLL_QUESTION_MAX_LENGTH),
  options: z
    .array(trimmed('Option', POLL_OPTION_MAX_LENGTH))
    .min(POLL_MIN_OPTIONS, { message: `A poll has at least ${POLL_MIN_OPTIONS} options` })
    .max(POLL_MAX_OPTIONS, { message: `A poll has at most ${POLL_MAX_OPTIONS} options` }),
  endDate: z.iso.datetime({ offset: true, message: 'endDate: Expected an ISO-8601 date and time' }),
});
export const pollParams = z.object({ projectId: id, pollId: id });
export const voteBody = z.object({ ...actor, optionId: bodyId });
export const teamMemberBody = z.object({
  ...actor,
  name: trimmed('Name', TEAM_NAME_MAX_LENGTH),
  role: trimmed('Role', TEAM_ROLE_MAX_LENGTH),
  avatarUrl: httpUrl.optional(),
});
export const teamMemberParams = z.object({ projectId: id, memberId: id });

// --- advertising campaigns --------------------------------------------------------------------------
export const campaignParams = z.object({ address: walletAddress.meta({ description: 'the Campaign account' }) });
export const campaignListQuery = z.object({
  advertiser: walletAddress.meta({ description: "the advertiser's wallet (its demo key on the demo chain)" }),
  ...pageParameters,
});
// Measured as sent, then trimmed: the published maxLength is the one the server applies.
const optionalText = (max: number) => z.string().max(max).trim();
/** The advertising request form's off-chain fields: the form shows no validation, so any text is kept. */
export const campaignDetailsFields = {
  companyName: optionalText(200),
  // Empty, or an email within surrounding whitespace: a pattern the published document states exactly.
  email: z
    .string()
    .max(200)
    .regex(new RegExp(`^[${WHITESPACE}]*(?:${EMAIL.source.slice(1, -1)})?[${WHITESPACE}]*$`), { message: 'Invalid email: Please enter a valid email address' })
    .trim(),
  website: optionalText(MAX_WEBSITE_URL_LEN),
  targetAudience: optionalText(200).meta({ description: 'all, 18-24, 25-34, 35-44, 45+, or a custom audience' }),
  monthlyBudgetUsd: z.number().nonnegative().finite().optional().meta({ description: 'the form\'s monthly budget in USD (informational)' }),
};
export const campaignDetailsBody = z.object({ walletAddress, ...campaignDetailsFields });
/**
 * A campaign's creative: an upload of this server (/api/media/{sha256}), an https URL, or a loopback
 * http URL (a local demo); no whitespace, so the published pattern is the whole rule.
 */
export const creativeUri = z
  .string()
  .max(MAX_CREATIVE_URI_LEN)
  .regex(new RegExp(`^(?:/api/media/[0-9a-f]{64}|https://${NOT_WHITESPACE}+|http://(?:localhost|127\\.0\\.0\\.1)(?::[0-9]{1,5})?/${NOT_WHITESPACE}*)$`), {
    message: 'Expected an https URL or an upload of this server (/api/media/{sha256})',
  });
export const playerAdParams = z.object({ projectId: id, slot: adSlot });
