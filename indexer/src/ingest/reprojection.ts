// Quarantine re-projection: applies the quarantined transactions again (after a fix of the IDL or
// the projection). A decode-stage one is decoded from its stored body and ingested, a project-stage
// one has its streams projected again. One that still fails stays quarantined with the new reason.
import { chainLog, inTransaction, quarantine } from '../db/index.ts';
import type { ChainTransaction } from '@marquee/program-client';
import type { Ingestion } from './ingestion.ts';
import { applyStreams } from './stream-projection.ts';

export interface ReprojectResult {
  /** Applied now: out of quarantine. */
  reprojected: string[];
  /** Failed again (still quarantined, with the new reason). */
  stillQuarantined: string[];
}

export async function reprojectQuarantined(ingestion: Ingestion): Promise<ReprojectResult> {
  const reprojected: string[] = [];
  const stillQuarantined: string[] = [];
  for (const entry of await quarantine.list(ingestion.db)) {
    if (entry.stage === 'decode') {
      if (!entry.transactionJson) throw new Error(`quarantined transaction ${entry.signature} has no stored body to decode again`);
      const result = await ingestion.ingestTransaction(JSON.parse(entry.transactionJson) as ChainTransaction, { recordEmpty: true });
      (result.quarantined ? stillQuarantined : reprojected).push(entry.signature);
      continue;
    }
    const stillFails = await ingestion.serialize(() =>
      inTransaction(ingestion.db, async (trx) => {
        const streams = (await chainLog.eventsOf(trx, entry.signature)).map((event) => event.stream);
        const projected = await applyStreams(trx, streams, { now: ingestion.now(), retrying: entry.signature });
        // A failure has counted one more attempt, with its reason, on the quarantined row.
        if (projected) await quarantine.release(trx, [entry.signature]);
        return !projected;
      }),
    );
    (stillFails ? stillQuarantined : reprojected).push(entry.signature);
  }
  return { reprojected, stillQuarantined };
}
