// Whether plays of an embed count: only on the website the embed was registered for, and only when
// its publisher verified that website. The player page says why not; the view report refuses.
import type { EmbedWithVerifiedOrigins } from '../db/embeds.ts';
import { originOf } from '../origin.ts';

/** Why views of `embed` played on `website` do not count, or null when they do (the embed comes with its publisher's verified origins). */
export function countingProblem(embed: Pick<EmbedWithVerifiedOrigins, 'website_url' | 'verifiedOrigins'>, website: string | null): string | null {
  const registered = originOf(embed.website_url);
  if (!registered || website === null || originOf(website) !== registered) return `Views of this embed count on ${registered} only`;
  if (!embed.verifiedOrigins.includes(registered)) return `${registered} is not verified by the publisher of this embed: views are not counted`;
  return null;
}
