// Answers to a signed-in caller may hold that wallet's private data (its notifications, its studio
// application's contact e-mail, its API keys, its private documents, a page prerendered for it): no
// shared cache (a CDN, a corporate proxy) may keep one and hand it to the next caller of the URL.
// Such an answer is marked `private, no-store` unless its route declared it public (the same bytes
// for everyone: a hashed asset, a public media file).
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';

export const PRIVATE_ANSWER_CACHE = 'private, no-store';

export const privateAnswers: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  // The cookie's claim, even one signed out since: marking such an answer private is harmless, and
  // no route's session needs looking up for it.
  if (!c.get('sessionClaim')) return;
  const declared = c.res.headers.get('cache-control');
  if (declared && /\bpublic\b/i.test(declared)) return;
  try {
    c.res.headers.set('Cache-Control', PRIVATE_ANSWER_CACHE);
  } catch (error) {
    // A response passed through from fetch() has immutable headers: c.header rebuilds it.
    if (!(error instanceof TypeError)) throw error;
    c.header('Cache-Control', PRIVATE_ANSWER_CACHE);
  }
};
