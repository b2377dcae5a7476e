// The advertiser's data: the ad genre list, the wallet's campaigns and one campaign's figures over
// time (GET /api/campaigns…), creative uploads (POST /api/media), and the campaign transactions
// through the mode's client (create, top up, pause/resume, close).
import { useQuery } from '@tanstack/react-query'
import { useWalletAddress } from '@/features/wallet/wallet-bridge'
import { apiGet, apiPost } from '@/lib/api'
import type { Cluster } from '@/lib/api'
import type { CampaignDetail, CampaignSummary, PlatformInfo, StoredMedia } from '@marquee/api-contract'
import { useCluster } from '@/features/mode/mode-data-access'
import { useInvalidate } from '@/features/mode/cluster-queries'
import { chainKeys } from '@/features/chain/chain-data-access'
import { useClientMutation } from '@/features/chain/client-mutation'
import { recordChainNow } from '@/features/chain/chain-clock'
import { AD_GENRES } from '@marquee/program-client/constants'
import type { CampaignInput, CampaignRef, MarqueeClient } from '@/features/chain/marquee-client'

export const campaignKeys = {
  all: (cluster: Cluster) => ['campaigns', cluster] as const,
  genres: (cluster: Cluster) => [...campaignKeys.all(cluster), 'genres'] as const,
  ofAdvertiser: (cluster: Cluster, wallet: string | null) => [...campaignKeys.all(cluster), 'advertiser', wallet] as const,
  detail: (cluster: Cluster, address: string) => [...campaignKeys.all(cluster), 'detail', address] as const,
}

/** The server's genre list; the list the app ships with (the same file) until it answers. */
export function useAdGenres() {
  const cluster = useCluster()
  return useQuery({
    queryKey: campaignKeys.genres(cluster),
    queryFn: async () => (await apiGet<{ genres: string[] }>('/api/campaigns/genres', cluster)).genres,
    placeholderData: [...AD_GENRES],
  })
}

export function useAdvertiserCampaigns() {
  const cluster = useCluster()
  const wallet = useWalletAddress()
  return useQuery({
    queryKey: campaignKeys.ofAdvertiser(cluster, wallet),
    // With the chain's clock: whether a campaign can close is a comparison with chain time, which the
    // demo's admin may have moved from another browser.
    queryFn: async () => {
      const [{ campaigns }, platform] = await Promise.all([
        apiGet<{ campaigns: CampaignSummary[] }>(`/api/campaigns?advertiser=${wallet}`, cluster),
        apiGet<PlatformInfo>('/api/platform', cluster).catch(() => null),
      ])
      if (platform?.chainNow) recordChainNow(cluster, platform.chainNow)
      return campaigns
    },
    enabled: wallet !== null,
  })
}

export function useCampaign(address: string) {
  const cluster = useCluster()
  return useQuery({ queryKey: campaignKeys.detail(cluster, address), queryFn: () => apiGet<CampaignDetail>(`/api/campaigns/${address}`, cluster) })
}

/** Uploads a creative (JPG/PNG image or MP4/WebM video) to the media store. */
export function uploadCreative(file: File, cluster: Cluster): Promise<StoredMedia> {
  const form = new FormData()
  form.append('file', file)
  return apiPost<StoredMedia>('/api/media', cluster, form)
}

function useInvalidateCampaigns() {
  return useInvalidate((cluster) => [campaignKeys.all(cluster), chainKeys.all(cluster)])
}

function useCampaignMutation<Input, Result>(run: (client: MarqueeClient, input: Input) => Promise<Result>) {
  return useClientMutation(run, useInvalidateCampaigns())
}

export const useCreateCampaign = () => useCampaignMutation((client, input: CampaignInput) => client.createCampaign(input))
export const useTopUpCampaign = () =>
  useCampaignMutation((client, { campaign, amountSol }: { campaign: CampaignRef; amountSol: number }) => client.topUpCampaign(campaign, amountSol))
export const useSetCampaignPaused = () =>
  useCampaignMutation((client, { campaign, paused }: { campaign: CampaignRef; paused: boolean }) => client.setCampaignPaused(campaign, paused))
export const useCloseCampaign = () => useCampaignMutation((client, campaign: CampaignRef) => client.closeCampaign(campaign))
