// @marquee/api-contract: what the Marquee API answers, as zod schemas (the routes declare them) and
// the types inferred from them (the app imports those, type-only).
export * from './responses.ts';
export * from './demo.ts';
export type * from './types.ts';
