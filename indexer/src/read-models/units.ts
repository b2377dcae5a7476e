// The units every read model answers in: amounts in thousandths of SOL, USD at 1 SOL = 1000 USD,
// dates as ISO 8601 text.
import { LAMPORTS_PER_AMOUNT_UNIT, LAMPORTS_PER_USD } from '../constants.ts';

export const toAmount = (lamports: number) => lamports / LAMPORTS_PER_AMOUNT_UNIT;
export const toUsd = (lamports: number) => lamports / LAMPORTS_PER_USD;
export const isoDate = (unixSeconds: number | null) => (unixSeconds === null ? null : new Date(unixSeconds * 1000).toISOString());
