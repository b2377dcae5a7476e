// The tasks a start runs once per database (migration 021): done is a row, written once the task
// finished, so a task cut short runs again on the next start.
import type { Executor } from './executor.ts';

export async function isDone(db: Executor, task: string): Promise<boolean> {
  const row = await db.selectFrom('one_time_tasks').select('name').where('name', '=', task).executeTakeFirst();
  return row !== undefined;
}

/** Records a task as done; several processes finishing it at once record it once. */
export async function markDone(db: Executor, task: string, nowMs: number): Promise<void> {
  await db
    .insertInto('one_time_tasks')
    .values({ name: task, done_at: nowMs })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
}
