import { describe, expect, it } from 'vitest'
import { CHAT_MESSAGE_MAX_LENGTH } from '@/constants'
import { NOW, daysFromNow } from '@/test/fixtures'
import type { ChatMessage, Poll } from '@marquee/api-contract'
import { checkChatDraft, discussDraft, groupMessages, mergeMessages, pollAcceptsVotes, votePercentage } from './collaboration-logic'

const message = (id: number, senderId: string): ChatMessage => ({
  id,
  projectId: 1,
  sender: senderId.slice(0, 4),
  senderId,
  text: `m${id}`,
  timestamp: daysFromNow(0),
  attachment: null,
})

const poll = (overrides: Partial<Poll> = {}): Poll => ({
  id: 1,
  question: 'Q',
  options: [],
  totalVotes: 0,
  status: 'active',
  endDate: daysFromNow(1),
  myVote: null,
  ...overrides,
})

describe('collaboration logic', () => {
  it('groups consecutive messages of one sender', () => {
    const groups = groupMessages([message(1, 'alice'), message(2, 'alice'), message(3, 'bob'), message(4, 'alice')])
    expect(groups.map((group) => [group.senderId, group.messages.map((m) => m.id)])).toEqual([
      ['alice', [1, 2]],
      ['bob', [3]],
      ['alice', [4]],
    ])
  })

  it('merges live messages once each, in id order', () => {
    const merged = mergeMessages([message(1, 'a'), message(3, 'a')], [message(2, 'b'), message(3, 'a')])
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3])
  })

  it('ignores blank drafts and refuses oversized ones', () => {
    expect(checkChatDraft('   ')).toEqual({ ok: false, reason: 'blank' })
    expect(checkChatDraft('x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1))).toEqual({ ok: false, reason: 'tooLong' })
    expect(checkChatDraft('  hi  ')).toEqual({ ok: true, text: 'hi' })
  })

  it('computes whole percentages and 0 without votes', () => {
    expect(votePercentage(1, 3)).toBe(33)
    expect(votePercentage(2, 3)).toBe(67)
    expect(votePercentage(0, 0)).toBe(0)
  })

  it('takes votes only while active and before the end date', () => {
    expect(pollAcceptsVotes(poll(), NOW)).toBe(true)
    expect(pollAcceptsVotes(poll({ status: 'closed' }), NOW)).toBe(false)
    expect(pollAcceptsVotes(poll({ endDate: daysFromNow(-1) }), NOW)).toBe(false)
  })

  it('quotes the update in the Discuss draft', () => {
    expect(discussDraft({ title: 'Wrap party' })).toBe('Re: "Wrap party" — ')
  })
})
