// Collaboration reads and writes (hub summary, chat, updates, polls, team) and the live chat feed:
// the server pushes new messages as server-sent events, each with its id, so a reconnecting
// EventSource resumes after the last one it saw.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMutation } from '@/lib/use-mutation'
import { useEffect, useState } from 'react'
import { apiGet, apiPost, apiRequest, withCluster } from '@/lib/api'
import type { Cluster } from '@/lib/api'
import { useCluster } from '@/features/mode/mode-data-access'
import { useInvalidate, useWalletApiQuery } from '@/features/mode/cluster-queries'
import { useWalletAddress } from '@/features/wallet/wallet-bridge'
import type { ChatMessage, HubListing, HubSummary, LinkAttachment, Poll, ProjectUpdate, TeamMember } from '@marquee/api-contract'
import { mergeMessages } from './collaboration-logic'

export const collaborationKeys = {
  all: (cluster: Cluster) => ['collaboration', cluster] as const,
  hub: (cluster: Cluster, projectId: number) => [...collaborationKeys.all(cluster), 'hub', projectId] as const,
  messages: (cluster: Cluster, projectId: number) => [...collaborationKeys.all(cluster), 'messages', projectId] as const,
  updates: (cluster: Cluster, projectId: number) => [...collaborationKeys.all(cluster), 'updates', projectId] as const,
  polls: (cluster: Cluster, projectId: number, wallet: string | null) =>
    [...collaborationKeys.all(cluster), 'polls', projectId, wallet] as const,
  hubs: (cluster: Cluster, wallet: string | null) => [...collaborationKeys.all(cluster), 'hubs', wallet] as const,
}

const base = (projectId: number) => `/api/collaboration/${projectId}`

/**
 * The connected wallet every write of the hub acts for (the body's walletAddress; the server reads
 * it in one place per route, where sign-in checks it against the session).
 */
function useActingWallet(): () => string {
  const walletAddress = useWalletAddress()
  return () => {
    if (!walletAddress) throw new Error('Connect your wallet first')
    return walletAddress
  }
}

export function useHubSummary(projectId: number) {
  const cluster = useCluster()
  const wallet = useWalletAddress()
  return useQuery({
    queryKey: [...collaborationKeys.hub(cluster, projectId), wallet],
    queryFn: () => apiGet<HubSummary>(`${base(projectId)}${wallet ? `?wallet=${wallet}` : ''}`, cluster),
  })
}

export function useWalletHubs() {
  return useWalletApiQuery<HubListing[]>(collaborationKeys.hubs, (wallet) => `/api/collaboration?wallet=${wallet}`)
}

export type FeedState = 'connecting' | 'live' | 'reconnecting'

/**
 * The chat of a project: the stored history, then every new message as the server pushes it. The
 * feed starts after the newest message of the history, so nothing is shown twice.
 */
export function useChat(projectId: number) {
  const cluster = useCluster()
  const queryClient = useQueryClient()
  const history = useQuery({
    queryKey: collaborationKeys.messages(cluster, projectId),
    queryFn: () => apiGet<ChatMessage[]>(`${base(projectId)}/messages`, cluster),
  })
  const [feed, setFeed] = useState<FeedState>('connecting')
  const loaded = history.isSuccess
  useEffect(() => {
    if (!loaded || typeof EventSource === 'undefined') return
    const key = collaborationKeys.messages(cluster, projectId)
    const newest = queryClient.getQueryData<ChatMessage[]>(key)?.at(-1)?.id ?? 0
    const source = new EventSource(withCluster(`${base(projectId)}/stream?after=${newest}`, cluster))
    source.onopen = () => setFeed('live')
    source.onerror = () => setFeed('reconnecting')
    source.addEventListener('message', (event) => {
      const message = JSON.parse((event as MessageEvent<string>).data) as ChatMessage
      queryClient.setQueryData<ChatMessage[]>(key, (current) => mergeMessages(current ?? [], [message]))
    })
    return () => source.close()
  }, [loaded, cluster, projectId, queryClient])
  return { history, messages: history.data ?? [], feed }
}

export function usePostMessage(projectId: number) {
  const cluster = useCluster()
  const queryClient = useQueryClient()
  const actingWallet = useActingWallet()
  return useMutation({
    mutationFn: (input: { text: string; attachment?: Omit<LinkAttachment, 'type'> }) =>
      apiPost<ChatMessage>(`${base(projectId)}/messages`, cluster, {
        walletAddress: actingWallet(),
        text: input.text,
        ...(input.attachment ? { attachment: { type: 'link', ...input.attachment } } : {}),
      }),
    onSuccess: (message) =>
      queryClient.setQueryData<ChatMessage[]>(collaborationKeys.messages(cluster, projectId), (current) =>
        mergeMessages(current ?? [], [message]),
      ),
  })
}

export function useUpdates(projectId: number) {
  const cluster = useCluster()
  return useQuery({
    queryKey: collaborationKeys.updates(cluster, projectId),
    queryFn: () => apiGet<ProjectUpdate[]>(`${base(projectId)}/updates`, cluster),
  })
}

export function usePolls(projectId: number) {
  const cluster = useCluster()
  const wallet = useWalletAddress()
  return useQuery({
    queryKey: collaborationKeys.polls(cluster, projectId, wallet),
    queryFn: () => apiGet<Poll[]>(`${base(projectId)}/polls${wallet ? `?wallet=${wallet}` : ''}`, cluster),
  })
}

/** Refreshes the hub's reads after a write of the studio or a vote. */
function useInvalidateHub(projectId: number) {
  return useInvalidate((cluster) => [collaborationKeys.hub(cluster, projectId), collaborationKeys.updates(cluster, projectId), [...collaborationKeys.all(cluster), 'polls', projectId]])
}

export function useVote(projectId: number) {
  const cluster = useCluster()
  const invalidate = useInvalidateHub(projectId)
  const actingWallet = useActingWallet()
  return useMutation({
    mutationFn: ({ pollId, optionId }: { pollId: number; optionId: number }) =>
      apiPost<Poll>(`${base(projectId)}/polls/${pollId}/votes`, cluster, { walletAddress: actingWallet(), optionId }),
    onSettled: invalidate,
  })
}

export interface NewPoll {
  question: string
  options: string[]
  endDate: string
}

/** A studio's write to the hub: POSTs `input` to `path` under the project for the acting wallet, then refreshes the hub. */
function useHubPost<Input extends object, Result>(projectId: number, path: string) {
  const cluster = useCluster()
  const invalidate = useInvalidateHub(projectId)
  const actingWallet = useActingWallet()
  return useMutation({
    mutationFn: (input: Input) => apiPost<Result>(`${base(projectId)}/${path}`, cluster, { walletAddress: actingWallet(), ...input }),
    onSuccess: invalidate,
  })
}

export function useCreatePoll(projectId: number) {
  return useHubPost<NewPoll, Poll>(projectId, 'polls')
}

export function useCreateUpdate(projectId: number) {
  return useHubPost<{ title: string; description: string }, ProjectUpdate>(projectId, 'updates')
}

export function useAddTeamMember(projectId: number) {
  return useHubPost<{ name: string; role: string; avatarUrl?: string }, TeamMember>(projectId, 'team')
}

export function useRemoveTeamMember(projectId: number) {
  const cluster = useCluster()
  const invalidate = useInvalidateHub(projectId)
  const actingWallet = useActingWallet()
  return useMutation({
    mutationFn: (memberId: number) => apiRequest<null>('DELETE', `${base(projectId)}/team/${memberId}`, cluster, { walletAddress: actingWallet() }),
    onSuccess: invalidate,
  })
}
