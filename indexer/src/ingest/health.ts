// What /api/health reports of ingestion beside cursor and gaps: the quarantined transactions and the
// unavailable signatures, how many and the newest ones.
import { HEALTH_RECENT_ISSUES } from '../constants.ts';
import { quarantine, unavailableSignatures, type Executor } from '../db/index.ts';

export interface IngestionHealth {
  quarantine: {
    count: number;
    newest: { signature: string; slot: number; stage: string; reason: string; attempts: number; firstAttemptAt: number; lastAttemptAt: number }[];
  };
  unavailableSignatures: {
    count: number;
    newest: { signature: string; slot: number; attempts: number; lastError: string; lastAttemptAt: number; nextAttemptAt: number }[];
  };
}

export async function ingestionHealth(db: Executor): Promise<IngestionHealth> {
  const quarantined = await quarantine.newest(db, HEALTH_RECENT_ISSUES);
  const unavailable = await unavailableSignatures.newest(db, HEALTH_RECENT_ISSUES);
  return {
    quarantine: {
      count: await quarantine.count(db),
      newest: quarantined.map(({ transactionJson: _body, ...entry }) => entry),
    },
    unavailableSignatures: {
      count: await unavailableSignatures.count(db),
      newest: unavailable.map(({ firstAttemptAt: _first, ...entry }) => entry),
    },
  };
}
