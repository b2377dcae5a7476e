// The hub's display rules, apart from its screens: chat grouping, poll percentages and state, the
// chat draft's validation and the quote an update's Discuss button puts in the chat.
import { CHAT_MESSAGE_MAX_LENGTH } from '@/constants'
import type { ChatMessage, Poll } from '@marquee/api-contract'

export interface MessageGroup {
  senderId: string
  sender: string
  messages: ChatMessage[]
}

/** Consecutive messages from one sender form one group in the Chat tab. */
export function groupMessages(messages: ChatMessage[]): MessageGroup[] {
  const groups: MessageGroup[] = []
  for (const message of messages) {
    const last = groups.at(-1)
    if (last && last.senderId === message.senderId) last.messages.push(message)
    else groups.push({ senderId: message.senderId, sender: message.sender, messages: [message] })
  }
  return groups
}

/** Adds messages received live to the list, once each, in id order. */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]))
  for (const message of incoming) byId.set(message.id, message)
  return [...byId.values()].sort((a, b) => a.id - b.id)
}

/** Whole-number percentage of an option's votes; 0 while nobody voted. */
export function votePercentage(votes: number, totalVotes: number): number {
  return totalVotes === 0 ? 0 : Math.round((votes / totalVotes) * 100)
}

/** A poll takes votes while the server says it is active and its end date has not passed. */
export function pollAcceptsVotes(poll: Poll, now: number = Date.now()): boolean {
  return poll.status === 'active' && Date.parse(poll.endDate) > now
}

export type DraftCheck = { ok: true; text: string } | { ok: false; reason: 'blank' | 'tooLong' }

/** A blank message is ignored; one over the length limit is refused before it is sent. */
export function checkChatDraft(draft: string): DraftCheck {
  const text = draft.trim()
  if (text.length === 0) return { ok: false, reason: 'blank' }
  if (text.length > CHAT_MESSAGE_MAX_LENGTH) return { ok: false, reason: 'tooLong' }
  return { ok: true, text }
}

/** The chat draft the Discuss button of an update starts with. */
export function discussDraft(update: { title: string }): string {
  return `Re: "${update.title}" — `
}
