// The publisher's data: websites and their verification, auto-list API keys, registered embeds,
// analytics, and the mutations that change them (verify, register_embed, claim, keys).
import { useMutation } from '@/lib/use-mutation'
import { apiGet, apiPost } from '@/lib/api'
import type { Cluster } from '@/lib/api'
import type { Project, PublisherAnalytics, PublisherApiKey, PublisherEmbed, PublisherWebsite } from '@marquee/api-contract'
import { useCluster } from '@/features/mode/mode-data-access'
import { useInvalidate, useWalletApiQuery } from '@/features/mode/cluster-queries'
import { chainKeys } from '@/features/chain/chain-data-access'
import { useClientMutation, WalletNotConnectedError } from '@/features/chain/client-mutation'
import { embedIdFor } from '@marquee/program-client/embed-id'
import { projectKeys } from '@/features/projects/projects-data-access'
import { revenueKeys } from '@/features/revenue/revenue-data-access'
import { useWalletAddress } from '@/features/wallet/wallet-bridge'
import { unlistedFundedFilms } from './auto-list-logic'

export const publisherKeys = {
  all: (cluster: Cluster, wallet: string | null) => ['publisher', cluster, wallet] as const,
  websites: (cluster: Cluster, wallet: string | null) => [...publisherKeys.all(cluster, wallet), 'websites'] as const,
  apiKeys: (cluster: Cluster, wallet: string | null) => [...publisherKeys.all(cluster, wallet), 'keys'] as const,
  embeds: (cluster: Cluster, wallet: string | null) => [...publisherKeys.all(cluster, wallet), 'embeds'] as const,
  analytics: (cluster: Cluster, wallet: string | null) => [...publisherKeys.all(cluster, wallet), 'analytics'] as const,
}

function usePublisher() {
  const cluster = useCluster()
  const wallet = useWalletAddress()
  return { cluster, wallet }
}

export function useWebsites() {
  return useWalletApiQuery<PublisherWebsite[]>(publisherKeys.websites, (wallet) => `/api/publishers/${wallet}/websites`)
}

export function useApiKeys() {
  return useWalletApiQuery<PublisherApiKey[]>(publisherKeys.apiKeys, (wallet) => `/api/publishers/${wallet}/keys`)
}

export function usePublisherEmbeds() {
  return useWalletApiQuery<PublisherEmbed[]>(publisherKeys.embeds, (wallet) => `/api/embeds?publisher=${wallet}`)
}

export function usePublisherAnalytics() {
  return useWalletApiQuery<PublisherAnalytics>(publisherKeys.analytics, (wallet) => `/api/publishers/${wallet}/analytics`)
}

function useInvalidatePublisher() {
  const { wallet } = usePublisher()
  return useInvalidate((cluster) => [publisherKeys.all(cluster, wallet), revenueKeys.all(cluster), chainKeys.all(cluster), projectKeys.all(cluster)])
}

function requireWallet(wallet: string | null): string {
  if (!wallet) throw new WalletNotConnectedError()
  return wallet
}

/** A website to verify; the Apply to Publisher Program form adds its name, visitors and category. */
export interface WebsiteRequest {
  websiteUrl: string
  contactEmail?: string
  websiteName?: string
  monthlyVisitors?: string
  category?: string
}

/** Asks the server for the website's verification token (the same one again until it is verified). */
export function useRequestVerification() {
  const { cluster, wallet } = usePublisher()
  const invalidate = useInvalidatePublisher()
  return useMutation({
    mutationFn: (input: WebsiteRequest) =>
      apiPost<PublisherWebsite>('/api/publishers/websites', cluster, { walletAddress: requireWallet(wallet), ...input }),
    onSettled: invalidate,
  })
}

/** Has the server check that the site serves its token; rejects with the reason when it does not. */
export function useCheckVerification() {
  const { cluster, wallet } = usePublisher()
  const invalidate = useInvalidatePublisher()
  return useMutation({
    mutationFn: (websiteUrl: string) =>
      apiPost<PublisherWebsite>('/api/publishers/websites/verify', cluster, { walletAddress: requireWallet(wallet), websiteUrl }),
    onSettled: invalidate,
  })
}

export function useCreateApiKey() {
  const { cluster, wallet } = usePublisher()
  const invalidate = useInvalidatePublisher()
  return useMutation({
    mutationFn: (origin: string) => apiPost<PublisherApiKey>('/api/publishers/keys', cluster, { walletAddress: requireWallet(wallet), origin }),
    onSettled: invalidate,
  })
}

/**
 * Registers an embed of each funded film the verified website does not list yet, so every
 * auto-listed film's views count and earn like a registered embed's. On the demo chain the server
 * signs them with the wallet's demo key (POST /api/demo/auto-list); on a real cluster the wallet
 * signs register_embed itself, several to a transaction, and each is reported as a registered embed.
 */
export function useAutoListFilms() {
  const { cluster, wallet } = usePublisher()
  return useClientMutation(async (client, origin: string): Promise<{ registered: { projectId: number; embedId: string }[] }> => {
    const walletAddress = requireWallet(wallet)
    if (client.mode === 'demo') return apiPost('/api/demo/auto-list', cluster, { walletAddress, websiteUrl: origin })
    const [funded, embeds] = await Promise.all([
      apiGet<Project[]>('/api/projects?status=funded', cluster),
      apiGet<PublisherEmbed[]>(`/api/embeds?publisher=${walletAddress}`, cluster),
    ])
    return { registered: await client.registerEmbeds(unlistedFundedFilms(funded, embeds, origin), origin) }
  }, useInvalidatePublisher())
}

export function useRevokeApiKey() {
  const { cluster, wallet } = usePublisher()
  const invalidate = useInvalidatePublisher()
  return useMutation({
    mutationFn: (id: number) => apiPost<PublisherApiKey>(`/api/publishers/keys/${id}/revoke`, cluster, { walletAddress: requireWallet(wallet) }),
    onSettled: invalidate,
  })
}

/** A real register_embed through the mode's client, then recorded by POST /api/embeds. */
export function useRegisterEmbed() {
  return useClientMutation(
    (client, input: { project: Project; websiteUrl: string }) => client.registerEmbed(input.project, input.websiteUrl, embedIdFor(input.project.id)),
    useInvalidatePublisher(),
  )
}

export function useClaimPublisherRevenue() {
  return useClientMutation(
    (client, input: { project: Pick<Project, 'id' | 'address'>; embedId: string }) => client.claimPublisherRevenue(input.project, input.embedId),
    useInvalidatePublisher(),
  )
}
