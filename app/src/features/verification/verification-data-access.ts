// Verification reads and actions: the studio's application (submitted with its uploaded documents),
// the admin's list of applications, approval (verify_studio through the mode's client, then the
// server checks the transaction) and rejection with a reason the studio reads.
import { useQuery } from '@tanstack/react-query'
import { useMutation } from '@/lib/use-mutation'
import { apiGet, apiPost } from '@/lib/api'
import type { Cluster } from '@/lib/api'
import type { VerificationApplication, VerificationDocument } from '@marquee/api-contract'
import { useCluster } from '@/features/mode/mode-data-access'
import { useInvalidate } from '@/features/mode/cluster-queries'
import { useClientMutation } from '@/features/chain/client-mutation'
import { projectKeys } from '@/features/projects/projects-data-access'
import { studioKeys, uploadMedia } from '@/features/studio/studio-data-access'
import { useWalletAddress } from '@/features/wallet/wallet-bridge'
import type { ApplicationForm } from './verification-logic'

export const verificationKeys = {
  applications: (cluster: Cluster) => ['verification', cluster, 'applications'] as const,
}

function useInvalidateVerification() {
  return useInvalidate((cluster) => [verificationKeys.applications(cluster), studioKeys.all(cluster), projectKeys.all(cluster)])
}

/** Every application, for the platform admin (the server refuses anyone else). */
export function useApplications(enabled: boolean) {
  const cluster = useCluster()
  return useQuery({
    queryKey: verificationKeys.applications(cluster),
    queryFn: () => apiGet<VerificationApplication[]>('/api/verification/applications', cluster),
    enabled,
  })
}

/** Uploads the documents to the media store, then submits the application with their addresses. */
export function useSubmitApplication() {
  const cluster = useCluster()
  const walletAddress = useWalletAddress()
  const invalidate = useInvalidateVerification()
  return useMutation({
    mutationFn: async ({ form, files }: { form: ApplicationForm; files: File[] }) => {
      const documents: VerificationDocument[] = []
      for (const file of files) {
        const { url, sha256 } = await uploadMedia(file, cluster, 'private')
        documents.push({ name: file.name, url, sha256 })
      }
      return apiPost<VerificationApplication>('/api/verification/applications', cluster, {
        walletAddress,
        studioName: form.studioName.trim(),
        contactEmail: form.contactEmail.trim(),
        website: form.website.trim(),
        description: form.description.trim(),
        documents,
      })
    },
    onSettled: invalidate,
  })
}

/** Approval: verify_studio signed by the admin, then the server checks it and closes the application. */
export function useApproveApplication() {
  const cluster = useCluster()
  return useClientMutation(async (client, application: VerificationApplication) => {
    const txHash = await client.verifyStudio({ authority: application.chainAddress }, true)
    return apiPost<VerificationApplication>(`/api/verification/applications/${application.id}/approve`, cluster, { txHash })
  }, useInvalidateVerification())
}

export function useRejectApplication() {
  const cluster = useCluster()
  const invalidate = useInvalidateVerification()
  return useMutation({
    mutationFn: ({ application, reason }: { application: VerificationApplication; reason: string }) =>
      apiPost<VerificationApplication>(`/api/verification/applications/${application.id}/reject`, cluster, { reason }),
    onSettled: invalidate,
  })
}
