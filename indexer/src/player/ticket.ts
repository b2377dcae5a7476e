// Signed, short-lived tokens of the embed host, HMAC-SHA256 under the server's secret (every API
// process shares it, like the session secret it is derived from):
// - the player page's token binds the page to the origin the server derived from its request
//   (Referer / Sec-Fetch-Site), so the page's later ad requests carry that origin and no other;
// - an ad ticket names the ad the server actually chose for one slot of one play (campaign, film,
//   cluster, embed and its publisher, slot, origin, issue time, expiry, an id of its own). The ticket is
//   the play: the view report presents it, its id buys one view, and the view records the ticket's
//   campaign, never one the client names.
import { createHash, randomFillSync } from 'node:crypto';
import { PayloadSigner } from '../signed-payload.ts';
import type { AdSlot } from './machine.ts';

export interface PageToken {
  kind: 'page';
  projectId: number;
  cluster: string;
  embed: string;
  /** The embed's publisher (the chain's key of an embed is film, publisher and embed id). */
  publisher?: string;
  /** The origin of the page embedding the player, as the server derived it. */
  origin: string;
  expiresAt: number;
}

export interface AdTicket {
  kind: 'ad';
  /** The play's id (its issue time, then random: playId), which buys one view. */
  id: string;
  /** The campaign the server chose (null: the house ad, which pays nothing). */
  campaign: string | null;
  projectId: number;
  cluster: string;
  embed: string;
  /** The embed's publisher, when the page named one: the ticket then counts for that publisher's embed only. */
  publisher?: string;
  slot: AdSlot;
  origin: string;
  issuedAt: number;
  expiresAt: number;
}

/** A ticket id's random bytes (96 bits: never drawn twice in practice). */
const ID_BYTES = 12;
// Drawn from the system's generator a pool at a time, each byte used once (as Node's randomUUID
// does): a draw of 12 bytes per ticket cost more than signing the ticket.
const idPool = Buffer.alloc(4092);
let idPoolUsed = idPool.length;
/** Base-36 digits of a time in ms, to the year 5188: ids sort by issue time as text. */
const TIME_DIGITS = 9;

/**
 * A play's id: the issue time (fixed-width base 36, so ids sort by it) and 96 random bits. The
 * views table keeps it as the unique `nonce`, whose index then grows at its end as views come in,
 * not at a random page each (the views of one commit share one page of it, not one page each). The time
 * is no secret: the ticket carries it (issuedAt), and the random part alone makes the id unique.
 */
function playId(issuedAt: number): string {
  if (idPoolUsed === idPool.length) {
    randomFillSync(idPool);
    idPoolUsed = 0;
  }
  const random = idPool.toString('base64url', idPoolUsed, idPoolUsed + ID_BYTES);
  idPoolUsed += ID_BYTES;
  return `${Math.max(0, Math.floor(issuedAt)).toString(36).padStart(TIME_DIGITS, '0')}${random}`;
}

export class TicketSigner {
  private readonly signer: PayloadSigner;

  /** `secret`: the server's shared secret; the tickets get a key of their own derived from it. */
  constructor(secret: Buffer) {
    this.signer = new PayloadSigner(createHash('sha256').update('marquee ad tickets\0').update(secret).digest());
  }

  private sign(token: PageToken | AdTicket): string {
    return this.signer.sign(token);
  }

  signPage(page: Omit<PageToken, 'kind'>): string {
    return this.sign({ kind: 'page', ...page });
  }

  /** A new ticket (its play's id drawn here) for the ad chosen now. */
  issueTicket(ticket: Omit<AdTicket, 'kind' | 'id'>): string {
    return this.sign({ kind: 'ad', id: playId(ticket.issuedAt), ...ticket });
  }

  /** The token's content when its signature holds (it was signed here, so it has a token's shape), else null. */
  private open(value: string): PageToken | AdTicket | null {
    return this.signer.open(value) as PageToken | AdTicket | null;
  }

  /** The page token, or null when it is forged or expired (the page then gets tickets for no origin). */
  verifyPage(value: string | undefined, nowMs: number): PageToken | null {
    const token = value ? this.open(value) : null;
    return token?.kind === 'page' && token.expiresAt > nowMs ? token : null;
  }

  /** The ad ticket, or why it is refused. */
  verifyTicket(value: string, nowMs: number): AdTicket | { problem: string } {
    const ticket = this.open(value);
    if (ticket?.kind !== 'ad') return { problem: 'Invalid ad ticket: ask the player for the ad again' };
    if (ticket.expiresAt <= nowMs) return { problem: 'The ad ticket expired: ask the player for the ad again' };
    return ticket;
  }
}
