// Auto-List on a real cluster: the publisher's wallet registers an embed of each funded film its
// verified website does not list yet, several register_embed to a transaction (one wallet prompt
// each). The app's On-Chain client sends these transactions and tests/validator sends the same to
// a real validator, so what is proven there is what the wallet signs.
import { PublicKey, type TransactionInstruction } from '@solana/web3.js';
import { AUTO_LIST_EMBEDS_PER_TRANSACTION } from './constants.ts';
import { embedIdFor } from './embed-id.ts';
import { registerEmbedInstruction } from './instructions/index.ts';
import { packInstructions } from './transaction-packing.ts';

/** A film as Auto-List needs it: its number (for the embed id) and its project account. */
export interface AutoListFilm {
  id: number;
  address: string;
}

/** One film's register_embed, carrying the film and the new embed id it registers. */
export type AutoListRegistration<F extends AutoListFilm> = TransactionInstruction & { film: F; embedId: string };

/**
 * register_embed of each film on `websiteUrl` under a new embed id, in order, grouped into the
 * transactions the publisher signs: at most AUTO_LIST_EMBEDS_PER_TRANSACTION each, fewer when a long
 * website address fills the packet first.
 */
export function autoListTransactions<F extends AutoListFilm>(films: F[], publisher: PublicKey, websiteUrl: string): AutoListRegistration<F>[][] {
  const registrations = films.map((film) => {
    const embedId = embedIdFor(film.id);
    const instruction = registerEmbedInstruction({ publisher, project: new PublicKey(film.address), embedId, websiteUrl });
    return Object.assign(instruction, { film, embedId });
  });
  return packInstructions(registrations, publisher, AUTO_LIST_EMBEDS_PER_TRANSACTION);
}
