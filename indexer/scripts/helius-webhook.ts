// Creates or updates the Helius webhook that pushes the program's transactions to this server.
// Usage: HELIUS_API_KEY=… HELIUS_WEBHOOK_AUTH=… MARQUEE_PUBLIC_URL=https://marquee.example \
//        [MARQUEE_CLUSTER=devnet] [MARQUEE_PROGRAM_ID=…] npm run helius-webhook -w indexer
// The webhook is "raw" (getTransaction JSON, what the decoder reads), for the program id, and sends
// HELIUS_WEBHOOK_AUTH as its Authorization header, which /api/webhooks/helius checks.
import { createHelius } from 'helius-sdk';
import { MARQUEE_PROGRAM_ADDRESS } from '@marquee/program-client';
import { loadConfig } from '../src/config.ts';

const config = loadConfig();

function required<T>(name: string, value: T | undefined): T {
  if (value === undefined) {
    console.error(`${name} is required`);
    process.exit(1);
  }
  return value;
}

const apiKey = required('HELIUS_API_KEY', config.heliusApiKey);
const authHeader = required('HELIUS_WEBHOOK_AUTH', config.heliusAuthHeader);
const cluster = config.heliusCluster;
const programId = config.programId ?? MARQUEE_PROGRAM_ADDRESS;
const webhookURL = `${required('MARQUEE_PUBLIC_URL', config.publicUrl)}/api/webhooks/helius?cluster=${encodeURIComponent(cluster)}`;

const helius = createHelius({ apiKey, network: cluster === 'mainnet-beta' ? 'mainnet' : 'devnet' });
const settings = {
  webhookURL,
  webhookType: cluster === 'mainnet-beta' ? 'raw' : 'rawDevnet',
  transactionTypes: ['ANY'],
  accountAddresses: [programId],
  authHeader,
  txnStatus: 'success',
};

const existing = (await helius.webhooks.getAll()).find((webhook) => webhook.webhookURL === webhookURL);
const webhook = existing
  ? await helius.webhooks.update(existing.webhookID, settings)
  : await helius.webhooks.create(settings);
console.log(`${existing ? 'Updated' : 'Created'} Helius webhook ${webhook.webhookID} → ${webhookURL} (program ${programId})`);
