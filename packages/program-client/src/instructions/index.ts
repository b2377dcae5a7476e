// One synchronous builder per program instruction, each returning a TransactionInstruction; the
// callers (the app's wallet, the demo chain, the settlement signer, the deploy script, the tests)
// only sign and send.
export * from './build.ts';
export * from './campaign.ts';
export * from './investment.ts';
export * from './platform.ts';
export * from './project.ts';
export * from './revenue.ts';
export * from './studio.ts';
