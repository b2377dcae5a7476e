// The demo chain's own transaction view (/api/demo/transactions/{signature}): demo transactions exist
// only in this server's chain, so no public explorer shows them. The page shows what an explorer
// would: signature, slot, time, the accounts and the program's decoded events.
import { escapeHtml } from '../player/page.ts';
import { decodeTransactionEvents, type ChainTransaction } from '@marquee/program-client';

/** Event data as text: bigints as decimal strings, byte arrays as hex. */
function eventJson(data: Record<string, unknown>): string {
  return JSON.stringify(
    data,
    (_key, value) =>
      typeof value === 'bigint' ? value.toString() : value instanceof Uint8Array || Buffer.isBuffer(value) ? Buffer.from(value).toString('hex') : value,
    2,
  );
}

export function transactionPage(tx: ChainTransaction): string {
  const events = decodeTransactionEvents(tx);
  const time = tx.blockTime ? new Date(tx.blockTime * 1000).toISOString() : 'unknown';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Transaction ${escapeHtml(tx.signature.slice(0, 8))}… · Marquee demo chain</title>
<style>
  body { font: 14px system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #1a1a1a; }
  code, pre { font: 12px ui-monospace, monospace; }
  pre { background: #f4f4f5; padding: .75rem; border-radius: 6px; overflow: auto; }
  dt { font-weight: 600; margin-top: .5rem; } dd { margin: 0; word-break: break-all; }
</style></head>
<body>
<h1>Demo chain transaction</h1>
<p>This transaction ran on the Marquee demo chain (the same program as devnet, in this server).</p>
<dl>
  <dt>Signature</dt><dd><code>${escapeHtml(tx.signature)}</code></dd>
  <dt>Status</dt><dd>${tx.err ? `Failed: ${escapeHtml(JSON.stringify(tx.err))}` : 'Confirmed'}</dd>
  <dt>Slot</dt><dd>${tx.slot}</dd>
  <dt>Time</dt><dd>${escapeHtml(time)}</dd>
  <dt>Accounts</dt><dd><ol>${tx.accountKeys.map((key) => `<li><code>${escapeHtml(key)}</code></li>`).join('')}</ol></dd>
</dl>
<h2>Program events (${events.length})</h2>
${events.map((event) => `<h3>${escapeHtml(event.name)}</h3><pre>${escapeHtml(eventJson(event.data))}</pre>`).join('\n')}
</body></html>`;
}
