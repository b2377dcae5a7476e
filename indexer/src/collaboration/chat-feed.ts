// The live chat feed of one cluster's database: while someone listens, it re-reads the messages
// table every CHAT_FEED_POLL_MS and hands each new message to the listeners of its project. Reading
// the table (rather than passing messages around in memory, or PostgreSQL's LISTEN/NOTIFY, which
// SQLite has no counterpart of) is what lets several API processes on one database serve each
// other's messages with one code path; a post through this process pokes the feed so its own
// listeners see the message at once, the others within one poll.
import { CHAT_FEED_POLL_MS, CHAT_FEED_REREAD_MS } from '../constants.ts';
import { hubChat, type Executor } from '../db/index.ts';
import type { ChatMessage } from '../db/collaboration/chat.ts';

type Listener = (message: ChatMessage) => void;

export class ChatFeed {
  private readonly listeners = new Map<number, Set<Listener>>();
  /** Ids already handed out that are still inside the re-read window. */
  private readonly delivered = new Map<number, number>();
  private newestId: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private reading: Promise<void> | null = null;

  constructor(
    private readonly db: Executor,
    private readonly now: () => number = Date.now,
    private readonly pollMs = CHAT_FEED_POLL_MS,
  ) {}

  /** Listens to a project's new messages; returns the function that stops listening. */
  async subscribe(projectId: number, listener: Listener): Promise<() => void> {
    if (this.newestId === null) this.newestId = await hubChat.newestMessageId(this.db);
    const set = this.listeners.get(projectId) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(projectId, set);
    this.timer ??= setInterval(() => void this.poke(), this.pollMs).unref();
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(projectId);
      if (this.listeners.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
        this.newestId = null;
        this.delivered.clear();
      }
    };
  }

  /** Reads the table now (after a post, or on the timer); concurrent pokes share one read. */
  poke(): Promise<void> {
    if (this.listeners.size === 0 || this.newestId === null) return Promise.resolve();
    this.reading ??= this.read().finally(() => (this.reading = null));
    return this.reading;
  }

  private async read(): Promise<void> {
    const now = this.now();
    let messages: ChatMessage[];
    try {
      messages = await hubChat.recentMessages(this.db, this.newestId ?? 0, now - CHAT_FEED_REREAD_MS);
    } catch (error) {
      console.error('[chat feed] reading new messages failed', error);
      return;
    }
    for (const message of messages) {
      if (this.delivered.has(message.id)) continue;
      this.delivered.set(message.id, Date.parse(message.timestamp));
      this.newestId = Math.max(this.newestId ?? 0, message.id);
      for (const listener of this.listeners.get(message.projectId) ?? []) listener(message);
    }
    for (const [id, at] of this.delivered) if (at < now - 2 * CHAT_FEED_REREAD_MS) this.delivered.delete(id);
  }
}
