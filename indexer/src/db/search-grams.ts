// The exact count of a search of one or two characters, on either database, from migration 026's
// search_gram_films: one row, where counting the films themselves read each of them (a common
// character is in most films: "e" in all 100,000 of the bench's).
import { sql } from 'kysely';
import type { Executor } from './executor.ts';
import { TRIGRAM } from './sqlite-search.ts';

/** The longest search search_gram_films counts: anything longer holds a trigram, which the trigram indexes find. */
export const GRAM = TRIGRAM - 1;

/** Whether `q` (as searched: lower-cased) is short enough for search_gram_films to count its films. */
export const countsByGram = (q: string) => [...q.toLowerCase()].length <= GRAM;

/** How many films hold `q` (one or two characters) in their searchable text: none when no film ever held it. */
export async function gramFilms(db: Executor, q: string): Promise<number> {
  const { rows } = await sql<{ films: number }>`SELECT films FROM search_gram_films WHERE gram = ${q.toLowerCase()}`.execute(db);
  return rows.length === 0 ? 0 : Number(rows[0].films);
}
