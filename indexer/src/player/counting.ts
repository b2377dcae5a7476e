// Whether plays of an embed count: only on the website the embed was registered for, and only when
// its publisher verified that website. The player page says why not; the nonce endpoint refuses.
import { publishers, type Executor } from '../db/index.ts';
import { originOf } from './website.ts';

export async function countingProblem(db: Executor, embed: { publisher: string; website_url: string }, website: string | null): Promise<string | null> {
  const registered = originOf(embed.website_url);
  if (!registered || website === null || originOf(website) !== registered) return `Views of this embed count on ${registered} only`;
  if (!(await publishers.isVerifiedFor(db, embed.publisher, registered))) {
    return `${registered} is not verified by the publisher of this embed: views are not counted`;
  }
  return null;
}
