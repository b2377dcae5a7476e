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
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** Events numbered in the platform-wide seq stream; every other event is in its project's stream. */
export const PLATFORM_EVENTS: ReadonlySet<string> = new Set([
  'PlatformInitialized',
  'PlatformUpdated',
  'StudioRegistered',
  'StudioVerified',
]);
export const PLATFORM_STREAM = 'platform';

export function eventDiscriminator(name: EventName): Buffer {
  const event = idl.events?.find((candidate) => candidate.name === name);
  if (!event) throw new Error(`The IDL has no event ${name}`);
  return Buffer.from(event.discriminator);
}
