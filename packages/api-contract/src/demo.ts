// The answers of the demo chain's /api/demo actions (indexer/src/demo/routes.ts): each action is a
// real transaction on the demo chain and answers with its signature and what the action settled.
import { z } from 'zod';
import { campaign, isoDate, lamports } from './responses.ts';

/** An action's transaction on the demo chain: its base58 signature. */
export const demoTransaction = z.looseObject({ signature: z.string() });
/** invest: the transaction and the demo keypair's balance after it (thousandths of SOL). */
export const demoInvestment = demoTransaction.extend({ balance: z.number() });
/** refund and the claims: what the wallet was paid. */
export const demoPayout = demoTransaction.extend({ amount: z.number(), amountLamports: lamports });
/** auto-list: the embeds registered for the funded films a verified website did not list yet. */
export const demoAutoList = z.object({ registered: z.array(z.object({ projectId: z.number().int(), embedId: z.string(), signature: z.string() })) });
/** mint-certificate: the Token-2022 mint of the film's licence certificate. */
export const demoCertificate = demoTransaction.extend({ mint: z.string() });
/** update-metadata: the stored document's URI and sha256, as update_project_metadata recorded them. */
export const demoMetadataUpdate = demoTransaction.extend({ uri: z.string(), sha256: z.string() });
/** projects: the listed film's id. */
export const demoListing = demoTransaction.extend({ projectId: z.number().int() });
/** generate-revenue: the film the test revenue went to and how much. */
export const demoRevenue = demoTransaction.extend({ projectId: z.number().int(), amount: z.number() });
/** A campaign action: its transaction and the campaign as indexed after it. */
export const demoCampaignAction = z.looseObject({ txHash: z.string(), campaign });
/** close: the campaign's unspent budget returned to the advertiser. */
export const demoCampaignClosed = demoCampaignAction.extend({ refundedLamports: lamports });
/** clock/advance: the demo chain's new time. */
export const demoClock = z.looseObject({ now: isoDate });

const settlementBatch = z.looseObject({ batchId: z.number().int(), projectId: z.number().int(), signature: z.string().nullable(), error: z.string().optional() });
/** settle: the batches settled or failed now, and the views no batch took with the reason. */
export const demoSettlement = z.looseObject({
  settled: z.array(settlementBatch),
  failed: z.array(settlementBatch),
  waiting: z.array(z.looseObject({ projectId: z.number().int(), campaign: z.string(), views: z.number().int(), reason: z.string() })),
});

/** chain/transactions: a committed transaction as a chain source reads it (its error and instructions as JSON). */
export const demoChainTransaction = z.looseObject({
  signature: z.string(),
  slot: z.number().int(),
  blockTime: z.number().int().nullable(),
  err: z.unknown(),
  accountKeys: z.array(z.string()),
  innerInstructions: z.array(z.looseObject({ index: z.number().int(), instructions: z.array(z.unknown()) })),
});
/** chain/signatures: the signatures touching an address, newest first. */
export const demoSignatures = z.array(z.looseObject({ signature: z.string(), slot: z.number().int(), failed: z.boolean() }));
