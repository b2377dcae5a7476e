// Collaboration dashboard (/collaboration/{projectId?}): a film's hub (team, top investors, status,
// live chat, the studio's updates and polls), or without a project the hubs of the films the wallet
// invested in or lists. Chat, votes and the studio's writes act for the connected wallet; the server checks the studio.
import { Badge, Button, Card, Grid, Heading, HStack, Image, SimpleGrid, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react'
import { useWalletAddress } from '@/features/wallet/wallet-bridge'
import { useState } from 'react'
import { LuArrowLeft } from 'react-icons/lu'
import { Link as RouterLink, useParams } from 'react-router-dom'
import { ErrorAlert, readableError } from '@/components/ui/error-alert'
import { QueryList } from '@/components/ui/query-list'
import { notify } from '@/components/ui/toaster'
import { ApiError } from '@/lib/api'
import type { Project } from '@marquee/api-contract'
import { WalletGate } from '@/features/wallet/wallet-gate'
import { useProject } from '@/features/projects/projects-data-access'
import {
  useChat,
  useHubSummary,
  usePolls,
  usePostMessage,
  useRemoveTeamMember,
  useUpdates,
  useVote,
  useWalletHubs,
} from './collaboration-data-access'
import { checkChatDraft, discussDraft } from './collaboration-logic'
import { NewPollForm, NewTeamMemberForm, NewUpdateForm } from './collaboration-studio'
import { ChatPanel, PollCard, StatusCard, TeamCard, TopInvestorsCard, UpdateCard, type ChatSubmission } from './collaboration-ui'
import { CHAT_MESSAGE_MAX_LENGTH } from '@/constants'
import { failureToast } from '@/lib/failure-toast'

export const MESSAGE_SENT_TOAST = { title: 'Message Sent' }
export const VOTE_RECORDED_TOAST = { title: 'Vote Recorded' }
export const ALREADY_VOTED_TOAST = failureToast('Already Voted', "You've already cast your vote on this poll.")

export default function CollaborationFeature() {
  const { projectId } = useParams()
  const id = projectId === undefined ? null : Number(projectId)
  return (
    <WalletGate explanation="Connect your Solana wallet to join the collaboration hubs of the films you back: chat with the team and other investors, follow updates and vote in polls.">
      {id === null ? <HubList /> : <Hub projectId={id} />}
    </WalletGate>
  )
}

function HubList() {
  const hubs = useWalletHubs()
  return (
    <Stack gap="6">
      <Heading size="2xl">Collaboration Hubs</Heading>
      {hubs.isPending ? (
        <Skeleton h="40" />
      ) : hubs.isError ? (
        <ErrorAlert error={hubs.error} onRetry={hubs.refetch} />
      ) : hubs.data.length === 0 ? (
        <Card.Root maxW="lg">
          <Card.Body gap="3">
            <Text color="fg.muted">The hubs of the films you invest in or list appear here.</Text>
            <Button asChild colorPalette="purple" alignSelf="start">
              <RouterLink to="/marketplace">Explore Marketplace</RouterLink>
            </Button>
          </Card.Body>
        </Card.Root>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
          {hubs.data.map((hub) => (
            <Card.Root key={hub.projectId} asChild _hover={{ borderColor: 'purple.500' }}>
              <RouterLink to={`/collaboration/${hub.projectId}`}>
                {hub.thumbnailUrl && <Image src={hub.thumbnailUrl} alt="" h="32" objectFit="cover" borderTopRadius="md" />}
                <Card.Body gap="2">
                  <Text fontWeight="semibold">{hub.title} Collaboration</Text>
                  <HStack>
                    <Badge colorPalette={hub.relation === 'studio' ? 'orange' : 'purple'}>{hub.relation === 'studio' ? 'Your film' : 'Investor'}</Badge>
                    <Badge>{hub.status}</Badge>
                  </HStack>
                </Card.Body>
              </RouterLink>
            </Card.Root>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  )
}

function Hub({ projectId }: { projectId: number }) {
  const project = useProject(Number.isSafeInteger(projectId) ? projectId : null)
  if (!project.data)
    return (
      <Stack gap="2" align="center" mt="10">
        <Heading size="lg">Loading Project</Heading>
        {project.isError && <Text color="fg.muted">{readableError(project.error)}</Text>}
      </Stack>
    )
  return <ProjectHub project={project.data} />
}

type HubTab = 'chat' | 'updates' | 'polls'

function ProjectHub({ project }: { project: Project }) {
  const summary = useHubSummary(project.id)
  const removeMember = useRemoveTeamMember(project.id)
  const [tab, setTab] = useState<HubTab>('chat')
  const [draft, setDraft] = useState('')
  const isStudio = summary.data?.viewerIsStudio ?? false

  return (
    <Stack gap="6">
      <Stack gap="1">
        <Button asChild variant="ghost" size="sm" alignSelf="start">
          <RouterLink to={`/project/${project.id}`}>
            <LuArrowLeft /> Back to Project
          </RouterLink>
        </Button>
        <Heading size="2xl">{project.title} Collaboration</Heading>
        <Text color="fg.muted">
          Studio #{project.studioId}
          {project.studioName ? ` · ${project.studioName}` : ''}
        </Text>
      </Stack>
      <Grid templateColumns={{ base: '1fr', lg: '1fr 320px' }} gap="6" alignItems="start">
        <Tabs.Root value={tab} onValueChange={(event) => setTab(event.value as HubTab)} variant="enclosed">
          <Tabs.List>
            <Tabs.Trigger value="chat">Chat</Tabs.Trigger>
            <Tabs.Trigger value="updates">Updates</Tabs.Trigger>
            <Tabs.Trigger value="polls">Polls & Voting</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="chat">
            <Chat projectId={project.id} draft={draft} setDraft={setDraft} />
          </Tabs.Content>
          <Tabs.Content value="updates">
            <Updates
              projectId={project.id}
              isStudio={isStudio}
              onDiscuss={(title) => {
                setDraft(discussDraft({ title }))
                setTab('chat')
              }}
            />
          </Tabs.Content>
          <Tabs.Content value="polls">
            <Polls projectId={project.id} isStudio={isStudio} />
          </Tabs.Content>
        </Tabs.Root>
        <Stack gap="4">
          {summary.isError && <ErrorAlert error={summary.error} onRetry={summary.refetch} />}
          {summary.data ? (
            <>
              <TeamCard team={summary.data.team} onRemove={isStudio ? (memberId) => removeMember.mutate(memberId) : undefined} />
              <TopInvestorsCard investors={summary.data.topInvestors} />
              <StatusCard status={project.status} counts={summary.data.counts} />
            </>
          ) : (
            <Skeleton h="64" />
          )}
        </Stack>
      </Grid>
      {isStudio && <NewTeamMemberForm projectId={project.id} />}
    </Stack>
  )
}

function Chat({ projectId, draft, setDraft }: { projectId: number; draft: string; setDraft: (draft: string) => void }) {
  const ownId = useWalletAddress()
  const chat = useChat(projectId)
  const post = usePostMessage(projectId)
  const send = ({ text, attachment }: ChatSubmission) => {
    const check = checkChatDraft(text)
    if (!check.ok) {
      if (check.reason === 'tooLong')
        notify({ title: 'Message too long', description: `A message has at most ${CHAT_MESSAGE_MAX_LENGTH} characters.`, variant: 'destructive' })
      return
    }
    post.mutate(
      { text: check.text, attachment },
      {
        onSuccess: () => {
          setDraft('')
          notify(MESSAGE_SENT_TOAST)
        },
        onError: (error) => notify({ title: 'Message not sent', description: readableError(error), variant: 'destructive' }),
      },
    )
  }
  if (chat.history.isError) return <ErrorAlert error={chat.history.error} onRetry={chat.history.refetch} />
  return (
    <ChatPanel
      messages={chat.messages}
      ownId={ownId}
      draft={draft}
      onDraftChange={setDraft}
      onSend={send}
      sending={post.isPending}
      live={chat.feed === 'live'}
    />
  )
}

function Updates({ projectId, isStudio, onDiscuss }: { projectId: number; isStudio: boolean; onDiscuss: (title: string) => void }) {
  const updates = useUpdates(projectId)
  return (
    <Stack gap="4">
      {isStudio && <NewUpdateForm projectId={projectId} />}
      <QueryList query={updates} empty="The studio has not posted any updates yet.">
        {(update) => <UpdateCard key={update.id} update={update} onDiscuss={() => onDiscuss(update.title)} />}
      </QueryList>
    </Stack>
  )
}

function Polls({ projectId, isStudio }: { projectId: number; isStudio: boolean }) {
  const polls = usePolls(projectId)
  const vote = useVote(projectId)
  const castVote = (pollId: number, optionId: number) =>
    vote.mutate(
      { pollId, optionId },
      {
        onSuccess: () => notify(VOTE_RECORDED_TOAST),
        onError: (error) =>
          notify(
            error instanceof ApiError && error.status === 409
              ? ALREADY_VOTED_TOAST
              : { title: 'Vote not recorded', description: readableError(error), variant: 'destructive' },
          ),
      },
    )
  return (
    <Stack gap="4">
      {isStudio && <NewPollForm projectId={projectId} />}
      <QueryList query={polls} empty="No polls yet.">
        {(poll) => <PollCard key={poll.id} poll={poll} voting={vote.isPending} onVote={(optionId) => castVote(poll.id, optionId)} />}
      </QueryList>
    </Stack>
  )
}
