// Several instructions of one kind sent as few transactions as fit: a wallet signs once per
// transaction, so a publisher's Auto-List of many films is a few prompts, not one per film. A
// transaction holds instructions while its serialized size stays within one packet (1,232 bytes)
// and their count within `maxPerTransaction` (so their compute stays well inside the limit).
import { PACKET_DATA_SIZE, PublicKey, Transaction, type TransactionInstruction } from '@solana/web3.js';

/** Any blockhash-sized value: the size of a transaction does not depend on which blockhash it names. */
const PLACEHOLDER_BLOCKHASH = PublicKey.default.toBase58();

/**
 * The wire size of a transaction of `instructions` paid and signed by `feePayer` alone; past one
 * packet only "too large" is known (web3.js writes into a packet-sized buffer and throws), said as
 * PACKET_DATA_SIZE + 1.
 */
export function transactionSize(instructions: TransactionInstruction[], feePayer: PublicKey): number {
  const transaction = new Transaction({ feePayer, recentBlockhash: PLACEHOLDER_BLOCKHASH }).add(...instructions);
  try {
    return transaction.serialize({ requireAllSignatures: false, verifySignatures: false }).length;
  } catch (error) {
    if (error instanceof RangeError || (error instanceof Error && /too large/i.test(error.message))) return PACKET_DATA_SIZE + 1;
    throw error;
  }
}

/**
 * `instructions` in order, cut into groups that each fit one transaction. Throws when a single
 * instruction cannot fit one on its own (nothing is sent then).
 */
export function packInstructions<T extends TransactionInstruction>(instructions: T[], feePayer: PublicKey, maxPerTransaction: number): T[][] {
  const groups: T[][] = [];
  let current: T[] = [];
  for (const instruction of instructions) {
    const candidate = [...current, instruction];
    if (candidate.length <= maxPerTransaction && transactionSize(candidate, feePayer) <= PACKET_DATA_SIZE) {
      current = candidate;
      continue;
    }
    if (current.length === 0) throw new Error('One instruction is larger than a transaction can carry');
    groups.push(current);
    current = [instruction];
    if (transactionSize(current, feePayer) > PACKET_DATA_SIZE) throw new Error('One instruction is larger than a transaction can carry');
  }
  if (current.length > 0) groups.push(current);
  return groups;
}
