// A publisher whose website is verified, for tests of the view path (the verification itself is
// tested against local sites in site-verification and publishers-api).
import { publishers, type Executor } from '../../src/db/index.ts';

export async function verifiedWebsite(db: Executor, wallet: string, websiteUrl: string, now = Date.now()): Promise<void> {
  const website = await publishers.requestWebsite(db, {
    wallet,
    origin: new URL(websiteUrl).origin,
    websiteUrl,
    token: 'marquee-site-verification=test',
    contactEmail: null,
    now,
  });
  await publishers.recordCheck(db, website.id, { verified: true, method: 'well-known', now });
}
