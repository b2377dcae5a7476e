// Studio reads (the wallet's studio, its films, the platform's rules, the films' distributions) and
// the studio's actions (list a film, release its funds, save settings, edit a listing, mint a licence
// certificate, register on chain), each through the mode's client or the API, then the refreshes.
import { useQuery } from '@tanstack/react-query'
import { useMutation } from '@/lib/use-mutation'
import { apiGet, apiPost, apiPut } from '@/lib/api'
import type { Cluster } from '@/lib/api'
import type { PlatformInfo, Project, StudioOverview, StudioProfile } from '@marquee/api-contract'
import { useCluster } from '@/features/mode/mode-data-access'
import { useInvalidate, useWalletApiQuery } from '@/features/mode/cluster-queries'
import { chainKeys } from '@/features/chain/chain-data-access'
import { useClientMutation } from '@/features/chain/client-mutation'
import type { EditedProject, ListingEdit, ListingInput, MarqueeClient } from '@/features/chain/marquee-client'
import { projectKeys } from '@/features/projects/projects-data-access'
import { investmentKeys } from '@/features/investments/investments-data-access'
import { revenueKeys } from '@/features/revenue/revenue-data-access'
import { useWalletAddress } from '@/features/wallet/wallet-bridge'

export const studioKeys = {
  all: (cluster: Cluster) => ['studios', cluster] as const,
  overview: (cluster: Cluster, walletAddress: string | null) => [...studioKeys.all(cluster), 'overview', walletAddress] as const,
  projects: (cluster: Cluster, chainAddress: string | null) => [...studioKeys.all(cluster), 'projects', chainAddress] as const,
  platform: (cluster: Cluster) => ['platform', cluster] as const,
  certificates: (cluster: Cluster, projectId: number) => [...studioKeys.all(cluster), 'certificates', projectId] as const,
}

export interface Certificate {
  mint: string
  txHash: string
  mintedAt: string
}

/** The licence certificates minted for a film. */
export function useCertificates(projectId: number) {
  const cluster = useCluster()
  return useQuery({
    queryKey: studioKeys.certificates(cluster, projectId),
    queryFn: () => apiGet<Certificate[]>(`/api/projects/${projectId}/certificates`, cluster),
  })
}

/** The connected wallet's studio: on chain (registration, verified flag, cap), settings, verification application. */
export function useStudioOverview() {
  return useWalletApiQuery<StudioOverview>(studioKeys.overview, (walletAddress) => `/api/studios/${walletAddress}`)
}

/** The films the studio listed: the program records them by the studio's signing address. */
export function useStudioProjects(chainAddress: string | null) {
  const cluster = useCluster()
  return useQuery({
    queryKey: studioKeys.projects(cluster, chainAddress),
    queryFn: () => apiGet<Project[]>(`/api/projects?studio=${chainAddress}`, cluster),
    enabled: chainAddress !== null,
  })
}

export function usePlatform() {
  const cluster = useCluster()
  return useQuery({ queryKey: studioKeys.platform(cluster), queryFn: () => apiGet<PlatformInfo>('/api/platform', cluster) })
}

function useInvalidateStudio() {
  return useInvalidate((cluster) => [studioKeys.all(cluster), projectKeys.all(cluster), investmentKeys.all(cluster), chainKeys.all(cluster), revenueKeys.all(cluster)])
}

/** A studio action sent through the mode's client, then the studio's reads refreshed whatever the outcome. */
function useStudioTransaction<Input, Result>(send: (client: MarqueeClient, input: Input) => Promise<Result>) {
  return useClientMutation(send, useInvalidateStudio())
}

/** register_studio (first listing) + create_project through the mode's client. */
export function useListFilm() {
  return useStudioTransaction((client, listing: ListingInput) => client.createProject(listing))
}

/** claim_license: the studio takes the raised SOL of its funded film. */
export function useReleaseFunds() {
  return useStudioTransaction((client, project: Project) => client.claimLicense(project))
}

/** register_studio on its own: the wallet signs, which is the tracker's Wallet Verification. */
export function useRegisterStudio() {
  return useStudioTransaction((client, name: string) => client.registerStudio(name))
}

export function useMintCertificate() {
  return useStudioTransaction((client, project: Project) => client.mintLicenseCertificate(project))
}

export function useSaveStudioProfile() {
  const cluster = useCluster()
  const walletAddress = useWalletAddress()
  const invalidate = useInvalidateStudio()
  return useMutation({
    mutationFn: (profile: Pick<StudioProfile, 'name' | 'description'>) =>
      apiPut<StudioProfile>(`/api/studios/${walletAddress}/profile`, cluster, profile),
    onSettled: invalidate,
  })
}

/** The studio's Edit: update_project_metadata through the mode's client (the film's new document and its hash on chain). */
export function useEditListing() {
  return useStudioTransaction((client, { project, edit }: { project: EditedProject; edit: ListingEdit }) => client.updateProjectMetadata(project, edit))
}

/**
 * Uploads an image to the media store (POST /api/media); answers its URL and sha256. A private
 * upload (a verification document) is served only to this wallet and the platform admin.
 */
export function uploadMedia(file: File, cluster: Cluster, visibility: 'public' | 'private' = 'public'): Promise<{ url: string; sha256: string }> {
  const form = new FormData()
  form.append('file', file)
  return apiPost<{ url: string; sha256: string }>(visibility === 'private' ? '/api/media?visibility=private' : '/api/media', cluster, form)
}
