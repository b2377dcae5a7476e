// A hub's polls and their votes: each poll with its options' tallies and the wallet's own vote; one
// vote per wallet and poll.
import type { Selectable } from 'kysely';
import { inTransaction, type Executor } from '../executor.ts';
import { newestFirst, ordered, readPage, type KeysetPage, type Paged } from '../keyset.ts';
import type { PollsTable } from '../schema.ts';
import { iso } from './hub.ts';

export interface Poll {
  id: number;
  question: string;
  options: { id: number; text: string; votes: number }[];
  totalVotes: number;
  status: 'active' | 'closed';
  endDate: string;
  myVote: number | null;
}

export const pollIsOpen = (endsAtMs: number, nowMs: number) => endsAtMs > nowMs;

/** Newest first; the id breaks ties. */
export const POLL_ORDER = newestFirst<Selectable<PollsTable>>('polls', 'created_at', 'id');

function pollQuery(db: Executor, filter: { projectId?: number; pollId?: number }) {
  let query = db.selectFrom('polls').selectAll();
  if (filter.projectId !== undefined) query = query.where('project_id', '=', filter.projectId);
  if (filter.pollId !== undefined) query = query.where('id', '=', filter.pollId);
  return query;
}

async function pollsWhere(db: Executor, filter: { projectId?: number; pollId?: number }, wallet: string | null, now: number): Promise<Poll[]> {
  return withTallies(db, await ordered(pollQuery(db, filter), POLL_ORDER).execute(), wallet, now);
}

/** One page of a film's polls, with their tallies. */
export async function pagePolls(db: Executor, projectId: number, wallet: string | null, now: number, page: KeysetPage): Promise<Paged<Poll>> {
  const polls = await readPage(pollQuery(db, { projectId }), POLL_ORDER, page);
  return { rows: await withTallies(db, polls.rows, wallet, now), next: polls.next };
}

/** Polls with their options' votes and the wallet's own vote. */
async function withTallies(db: Executor, polls: Selectable<PollsTable>[], wallet: string | null, now: number): Promise<Poll[]> {
  if (polls.length === 0) return [];
  const pollIds = polls.map((poll) => Number(poll.id));
  const options = await db
    .selectFrom('poll_options as o')
    .leftJoin('poll_votes as v', 'v.option_id', 'o.id')
    .select(['o.id', 'o.poll_id', 'o.position', 'o.text', (eb) => eb.fn.count<string>('v.wallet').as('votes')])
    .where('o.poll_id', 'in', pollIds)
    .groupBy(['o.id', 'o.poll_id', 'o.position', 'o.text'])
    .orderBy('o.position')
    .execute();
  const mine = wallet
    ? await db.selectFrom('poll_votes').select(['poll_id', 'option_id']).where('poll_id', 'in', pollIds).where('wallet', '=', wallet).execute()
    : [];
  return polls.map((poll) => {
    const own = options
      .filter((option) => Number(option.poll_id) === Number(poll.id))
      .map((option) => ({ id: Number(option.id), text: option.text, votes: Number(option.votes) }));
    return {
      id: Number(poll.id),
      question: poll.question,
      options: own,
      totalVotes: own.reduce((sum, option) => sum + option.votes, 0),
      status: pollIsOpen(Number(poll.ends_at), now) ? 'active' : 'closed',
      endDate: iso(Number(poll.ends_at)),
      myVote: mine.find((vote) => Number(vote.poll_id) === Number(poll.id))?.option_id ?? null,
    };
  });
}

export const listPolls = (db: Executor, projectId: number, wallet: string | null, now: number) =>
  pollsWhere(db, { projectId }, wallet, now);

export async function getPoll(db: Executor, projectId: number, pollId: number, wallet: string | null, now: number) {
  const [poll] = await pollsWhere(db, { projectId, pollId }, wallet, now);
  return poll as Poll | undefined;
}

export async function insertPoll(
  db: Executor,
  input: { projectId: number; wallet: string; question: string; options: string[]; endsAt: number; now: number },
): Promise<Poll> {
  const pollId = await inTransaction(db, async (trx) => {
    const { id } = await trx
      .insertInto('polls')
      .values({ project_id: input.projectId, question: input.question, ends_at: input.endsAt, creator_wallet: input.wallet, created_at: input.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('poll_options')
      .values(input.options.map((text, position) => ({ poll_id: Number(id), position, text })))
      .execute();
    return Number(id);
  });
  return (await getPoll(db, input.projectId, pollId, input.wallet, input.now))!;
}

/** Records a wallet's vote; false when it had already voted on that poll (the primary key says so). */
export async function insertVote(db: Executor, input: { pollId: number; optionId: number; wallet: string; now: number }): Promise<boolean> {
  const result = await db
    .insertInto('poll_votes')
    .values({ poll_id: input.pollId, option_id: input.optionId, wallet: input.wallet, voted_at: input.now })
    .onConflict((conflict) => conflict.columns(['poll_id', 'wallet']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}
