// @marquee/api-contract: what the Marquee API answers, as zod schemas (the routes declare them) and
// the types inferred from them (the app imports those, type-only), and the listing video rule both
// check (the app imports its zod-free module alone: @marquee/api-contract/listing-video-url).
export * from './responses.ts';
export * from './demo.ts';
export * from './listing-video-url.ts';
export type * from './types.ts';
