// The wallet a request that acts (posts a chat message, votes, posts an update, opens a poll,
// manages the team) acts for. Each such route reads its wallet here, once, and nowhere else: this is
// the one function sign-in (SIWS sessions, issue 10: `requireWallet(c, walletAddress)`, 401 without
// a session, 403 for another wallet's) replaces to guard them all. Until it lands, the request names
// its wallet in `walletAddress`, as the other routes acting for a wallet on this branch do.
import type { Context } from 'hono';
import type { AppEnv } from './context.ts';

export function actingWallet(_c: Context<AppEnv>, walletAddress: string): string {
  return walletAddress;
}
