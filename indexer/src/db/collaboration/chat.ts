// A hub's chat: its messages (oldest first, with the sender's name) and the live feed's read.
import type { Executor, QueryRow } from '../executor.ts';
import { shortAddress } from '../users.ts';
import { iso } from './hub.ts';

export interface ChatMessage {
  id: number;
  projectId: number;
  sender: string;
  senderId: string;
  text: string;
  timestamp: string;
  attachment: { type: 'link'; url: string; title: string } | null;
}

function messageQuery(db: Executor) {
  return db
    .selectFrom('chat_messages as m')
    .leftJoin('users as u', 'u.wallet_address', 'm.sender_wallet')
    .select(['m.id', 'm.project_id', 'm.sender_wallet', 'm.text', 'm.attachment_url', 'm.attachment_title', 'm.created_at', 'u.username']);
}

type MessageRow = QueryRow<typeof messageQuery>;

function messageShape(row: MessageRow): ChatMessage {
  return {
    id: Number(row.id),
    projectId: Number(row.project_id),
    sender: row.username ?? shortAddress(row.sender_wallet),
    senderId: row.sender_wallet,
    text: row.text,
    timestamp: iso(Number(row.created_at)),
    attachment: row.attachment_url ? { type: 'link', url: row.attachment_url, title: row.attachment_title ?? row.attachment_url } : null,
  };
}

/** The newest `limit` messages of a project after `afterId`, oldest first. */
export async function listMessages(db: Executor, projectId: number, afterId: number, limit: number): Promise<ChatMessage[]> {
  const rows = await messageQuery(db)
    .where('m.project_id', '=', projectId)
    .where('m.id', '>', afterId)
    .orderBy('m.id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map(messageShape);
}

/** Messages of every project with an id above `afterId` or written since `sinceMs` (the live feed's read). */
export async function recentMessages(db: Executor, afterId: number, sinceMs: number): Promise<ChatMessage[]> {
  const rows = await messageQuery(db)
    .where((eb) => eb.or([eb('m.id', '>', afterId), eb('m.created_at', '>=', sinceMs)]))
    .orderBy('m.id')
    .execute();
  return rows.map(messageShape);
}

export async function newestMessageId(db: Executor): Promise<number> {
  const row = await db.selectFrom('chat_messages').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return Number(row?.id ?? 0);
}

export async function insertMessage(
  db: Executor,
  input: { projectId: number; wallet: string; text: string; attachment?: { url: string; title?: string }; now: number },
): Promise<ChatMessage> {
  const { id } = await db
    .insertInto('chat_messages')
    .values({
      project_id: input.projectId,
      sender_wallet: input.wallet,
      text: input.text,
      attachment_url: input.attachment?.url ?? null,
      attachment_title: input.attachment ? input.attachment.title || input.attachment.url : null,
      created_at: input.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return messageShape((await messageQuery(db).where('m.id', '=', Number(id)).executeTakeFirstOrThrow()));
}
