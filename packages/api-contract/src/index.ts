// @marquee/api-contract: what the Marquee API answers, as zod schemas and the types inferred from them.
export * from './responses.ts';
