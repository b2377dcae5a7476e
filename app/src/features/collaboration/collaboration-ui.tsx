// Presentational pieces of the collaboration hub: side-column cards, the chat panel, update cards
// and poll cards. They receive data and callbacks; the container owns the queries.
import {
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Field,
  Heading,
  HStack,
  Input,
  Link,
  Progress,
  Stack,
  Text,
} from '@chakra-ui/react'
import { SectionCard } from '@/components/ui/section-card'
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { LuLink, LuMessageSquare, LuSend } from 'react-icons/lu'
import { CHAT_PANEL_HEIGHT_PX } from '@/constants'
import { formatDate, formatDateTime, formatTokenShare } from '@/lib/format'
import type { ChatMessage, HubSummary, Poll, ProjectUpdate } from '@marquee/api-contract'
import { groupMessages, pollAcceptsVotes, votePercentage } from './collaboration-logic'
import { TitledNote } from '@/components/ui/titled-note'

export function TeamCard({ team, onRemove }: { team: HubSummary['team']; onRemove?: (memberId: number) => void }) {
  return (
    <SectionCard title="Project Team" gap="3">
      {team.length === 0 && <Text color="fg.muted">The studio has not named its team yet.</Text>}
      {team.map((member) => (
        <HStack key={member.id} justify="space-between">
          <HStack>
            <Avatar.Root size="sm">
              <Avatar.Fallback name={member.name} />
              {member.avatarUrl && <Avatar.Image src={member.avatarUrl} />}
            </Avatar.Root>
            <TitledNote title={member.name}>{member.role}</TitledNote>
          </HStack>
          {onRemove && member.id > 0 && (
            <Button size="xs" variant="ghost" onClick={() => onRemove(member.id)} aria-label={`Remove ${member.name}`}>
              Remove
            </Button>
          )}
        </HStack>
      ))}
    </SectionCard>
  )
}

export function TopInvestorsCard({ investors }: { investors: HubSummary['topInvestors'] }) {
  return (
    <SectionCard title="Top Investors" gap="3">
      {investors.length === 0 && <Text color="fg.muted">No investors yet.</Text>}
      {investors.map((investor) => (
        <HStack key={investor.id} justify="space-between" data-testid="top-investor">
          <HStack>
            <Avatar.Root size="sm">
              <Avatar.Fallback name={investor.name} />
            </Avatar.Root>
            <Text fontFamily="mono" fontSize="sm">
              {investor.name}
            </Text>
          </HStack>
          <Badge colorPalette="purple">{formatTokenShare(investor.stake)}</Badge>
        </HStack>
      ))}
    </SectionCard>
  )
}

export function StatusCard({ status, counts }: { status: string; counts: HubSummary['counts'] }) {
  const rows: [string, string | number][] = [
    ['Status', status],
    ['Team members', counts.teamMembers],
    ['Investors', counts.investors],
    ['Updates', counts.updates],
  ]
  return (
    <SectionCard title="Project Status" gap="2">
      {rows.map(([label, value]) => (
        <HStack key={label} justify="space-between" fontSize="sm">
          <Text color="fg.muted">{label}</Text>
          <Text fontWeight="medium" data-testid={`hub-${label.toLowerCase().replace(' ', '-')}`}>
            {value}
          </Text>
        </HStack>
      ))}
    </SectionCard>
  )
}

export interface ChatSubmission {
  text: string
  attachment?: { url: string; title: string }
}

export function ChatPanel({
  messages,
  ownId,
  draft,
  onDraftChange,
  onSend,
  sending,
  live,
}: {
  messages: ChatMessage[]
  ownId: string | null
  draft: string
  onDraftChange: (draft: string) => void
  onSend: (submission: ChatSubmission) => void
  sending: boolean
  live: boolean
}) {
  const [attaching, setAttaching] = useState(false)
  const [linkUrl, setLinkUrl] = useState('')
  const [linkTitle, setLinkTitle] = useState('')
  const endRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    // A block body: newer browsers return a promise from scrollIntoView, and an effect must not return one.
    endRef.current?.scrollIntoView?.({ block: 'end' })
  }, [messages.length])

  const send = (event?: FormEvent) => {
    event?.preventDefault()
    const url = linkUrl.trim()
    onSend({ text: draft, ...(attaching && url ? { attachment: { url, title: linkTitle.trim() || url } } : {}) })
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) send(event)
  }
  // A sent message clears the draft; the attachment goes with it (adjusted while rendering the change).
  const [previousDraft, setPreviousDraft] = useState(draft)
  if (draft !== previousDraft) {
    setPreviousDraft(draft)
    if (draft === '') {
      setLinkUrl('')
      setLinkTitle('')
      setAttaching(false)
    }
  }

  return (
    <Card.Root h={`${CHAT_PANEL_HEIGHT_PX}px`} data-testid="chat-panel">
      <Card.Body display="flex" flexDirection="column" gap="3" minH="0">
        <HStack justify="end">
          <Badge colorPalette={live ? 'green' : 'gray'} size="sm">
            {live ? 'Live' : 'Connecting…'}
          </Badge>
        </HStack>
        <Stack flex="1" overflowY="auto" gap="4" aria-live="polite" aria-label="Chat messages" role="log">
          {messages.length === 0 && <Text color="fg.muted">No messages yet. Start the conversation.</Text>}
          {groupMessages(messages).map((group) => {
            const own = group.senderId === ownId
            return (
              <Stack key={group.messages[0].id} gap="1" align={own ? 'end' : 'start'} data-testid="chat-group">
                <HStack fontSize="xs" color="fg.muted">
                  <Text fontWeight="semibold">{own ? 'You' : group.sender}</Text>
                  <Text>{formatDateTime(group.messages[0].timestamp)}</Text>
                </HStack>
                {group.messages.map((message) => (
                  <Box key={message.id} bg={own ? 'purple.subtle' : 'bg.muted'} px="3" py="2" borderRadius="md" maxW="80%">
                    <Text whiteSpace="pre-wrap" data-testid="chat-text">
                      {message.text}
                    </Text>
                    {message.attachment && (
                      <Link href={message.attachment.url} target="_blank" rel="noreferrer noopener" fontSize="sm" color="purple.fg">
                        <LuLink /> {message.attachment.title}
                      </Link>
                    )}
                  </Box>
                ))}
              </Stack>
            )
          })}
          <div ref={endRef} />
        </Stack>
        {attaching && (
          <HStack>
            <Field.Root>
              <Field.Label fontSize="xs">Link URL</Field.Label>
              <Input size="sm" value={linkUrl} placeholder="https://" onChange={(event) => setLinkUrl(event.target.value)} />
            </Field.Root>
            <Field.Root>
              <Field.Label fontSize="xs">Link title</Field.Label>
              <Input size="sm" value={linkTitle} onChange={(event) => setLinkTitle(event.target.value)} />
            </Field.Root>
          </HStack>
        )}
        <HStack as="form" onSubmit={send}>
          <Button
            type="button"
            variant={attaching ? 'subtle' : 'ghost'}
            aria-label="Attach a link"
            aria-pressed={attaching}
            onClick={() => setAttaching((value) => !value)}
          >
            <LuLink />
          </Button>
          <Field.Root flex="1">
            <Input aria-label="Message" placeholder="Type a message…" value={draft} onChange={(event) => onDraftChange(event.target.value)} onKeyDown={onKeyDown} />
          </Field.Root>
          <Button type="submit" colorPalette="purple" loading={sending}>
            <LuSend /> Send
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  )
}

export function UpdateCard({ update, onDiscuss }: { update: ProjectUpdate; onDiscuss: () => void }) {
  return (
    <Card.Root data-testid="update-card">
      <Card.Body gap="2">
        <HStack justify="space-between" wrap="wrap">
          <Heading size="md">{update.title}</Heading>
          <Text fontSize="sm" color="fg.muted">
            {formatDate(update.date)}
          </Text>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          By {update.author}
        </Text>
        <Text whiteSpace="pre-wrap">{update.description}</Text>
        <Button alignSelf="start" size="sm" variant="outline" onClick={onDiscuss}>
          <LuMessageSquare /> Discuss
        </Button>
      </Card.Body>
    </Card.Root>
  )
}

export function PollCard({ poll, onVote, voting }: { poll: Poll; onVote: (optionId: number) => void; voting: boolean }) {
  const active = pollAcceptsVotes(poll)
  return (
    <Card.Root data-testid="poll-card">
      <Card.Body gap="3">
        <HStack justify="space-between" wrap="wrap">
          <Heading size="md">{poll.question}</Heading>
          <HStack>
            <Badge colorPalette={active ? 'green' : 'gray'}>{active ? 'Active' : 'Closed'}</Badge>
            <Text fontSize="sm" color="fg.muted">
              {active ? 'Ends' : 'Ended'} {formatDate(poll.endDate)}
            </Text>
          </HStack>
        </HStack>
        {poll.options.map((option, index) => {
          const percentage = votePercentage(option.votes, poll.totalVotes)
          return (
            <Stack key={option.id} gap="1">
              <HStack justify="space-between" fontSize="sm">
                <Text>
                  {option.text}
                  {poll.myVote === option.id && (
                    <Badge ml="2" size="sm" colorPalette="purple">
                      Your vote
                    </Badge>
                  )}
                </Text>
                <Text data-testid={`poll-${poll.id}-option-${index + 1}-result`}>
                  {option.votes} {option.votes === 1 ? 'vote' : 'votes'} ({percentage}%)
                </Text>
              </HStack>
              <Progress.Root value={percentage} size="sm" colorPalette="purple" aria-label={`${option.text}: ${percentage}%`}>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
              {active && (
                <Button alignSelf="start" size="xs" variant="outline" onClick={() => onVote(option.id)} disabled={voting}>
                  Vote Option {index + 1}
                </Button>
              )}
            </Stack>
          )
        })}
        <Text fontSize="sm" color="fg.muted">
          {poll.totalVotes} {poll.totalVotes === 1 ? 'vote' : 'votes'} in total
        </Text>
      </Card.Body>
    </Card.Root>
  )
}
