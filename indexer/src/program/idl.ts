// The program's Anchor IDL (programs/marquee/idl/marquee.json) and the coder built from it: the one
// description of the wire format that the decoder, the tests and the settlement signer share.
import anchor from '@coral-xyz/anchor';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const IDL_PATH = fileURLToPath(new URL('../../../programs/marquee/idl/marquee.json', import.meta.url));

export const idl = JSON.parse(readFileSync(IDL_PATH, 'utf8')) as anchor.Idl;
export const coder = new anchor.BorshCoder(idl);
export const PROGRAM_ID = idl.address;

/**
 * The instruction tag of an emit_cpi! self-CPI: Anchor's EVENT_IX_TAG, the u64 0x1d9acb512ea545e4
 * (sha256("anchor:event")[..8] read big-endian), written little-endian: e4 45 a5 2e 51 cb 9a 1d.
 */
export const EVENT_IX_TAG = Buffer.from(createHash('sha256').update('anchor:event').digest().subarray(0, 8)).reverse();

export const EVENT_NAMES = [
  'PlatformInitialized',
  'PlatformUpdated',
  'StudioRegistered',
  'StudioVerified',
  'ProjectCreated',
  'Invested',
  'LicenseClaimed',
  'Refunded',
  'EmbedRegistered',
  'RevenueDistributed',
  'RevenueClaimed',
  'PublisherRevenueClaimed',
  'ProjectMetadataUpdated',
] as const;
/**
 * Ad campaign events (programs/marquee/src/instructions/*_campaign.rs): each campaign numbers its
 * events in its own stream, keyed by the campaign's address. Stored in the event log; their
 * projection into tables comes with the advertiser pages (issue 14).
 */
export const CAMPAIGN_EVENT_NAMES = [
  'CampaignCreated',
  'CampaignToppedUp',
  'CampaignPauseSet',
  'CampaignSettled',
  'CampaignClosed',
] as const;
export type EventName = (typeof EVENT_NAMES)[number] | (typeof CAMPAIGN_EVENT_NAMES)[number];
export const CAMPAIGN_EVENTS: ReadonlySet<string> = new Set(CAMPAIGN_EVENT_NAMES);

/** Events numbered in the platform-wide seq stream; every other event is in its project's stream. */
export const PLATFORM_EVENTS: ReadonlySet<string> = new Set([
  'PlatformInitialized',
  'PlatformUpdated',
  'StudioRegistered',
  'StudioVerified',
]);
export const PLATFORM_STREAM = 'platform';

/** The seq stream an event belongs to: the platform's, its campaign's, or its project's. */
export function eventStream(name: string, data: { campaign?: unknown; project?: unknown }): string {
  if (PLATFORM_EVENTS.has(name)) return PLATFORM_STREAM;
  // CampaignSettled names its project too, but is numbered in the campaign's stream.
  if (CAMPAIGN_EVENTS.has(name)) return String(data.campaign);
  return String(data.project);
}

/** The event that opens a stream, by the kind of event the stream holds. */
export function streamGenesis(stream: string, anEventName: string): string {
  if (stream === PLATFORM_STREAM) return 'PlatformInitialized';
  return CAMPAIGN_EVENTS.has(anEventName) ? 'CampaignCreated' : 'ProjectCreated';
}

export function eventDiscriminator(name: EventName): Buffer {
  const event = idl.events?.find((candidate) => candidate.name === name);
  if (!event) throw new Error(`The IDL has no event ${name}`);
  return Buffer.from(event.discriminator);
}
