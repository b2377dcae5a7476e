// @marquee/program-client: the one TypeScript face of the Marquee program. The IDL and its coder,
// every PDA, one synchronous builder per instruction, the events and their decoder, the licence
// certificate, and the program's rules. Senders live with their callers.
export * from './auto-list.ts';
export * from './base58.ts';
export * from './certificate.ts';
export * from './constants.ts';
export * from './embed-id.ts';
export type * from './event-types.ts';
export * from './events.ts';
export * from './idl.ts';
export * from './instructions/index.ts';
export * from './pdas.ts';
export * from './transaction-packing.ts';
