// The signed-in wallet's notifications (GET /api/notifications, refreshed every 30 s) and marking
// one read (POST /api/notifications/read), which refreshes the list and its unread count.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { NotificationList, NotificationsRead } from '@marquee/api-contract'
import { NOTIFICATIONS_REFRESH_MS } from '@/constants'
import { apiGet, apiPost, type Cluster } from '@/lib/api'
import { useCluster } from '@/features/mode/mode-data-access'
import { useSignedInWallet } from '@/features/wallet/wallet-bridge'

export const notificationKeys = {
  all: (cluster: Cluster) => ['notifications', cluster] as const,
  of: (cluster: Cluster, walletAddress: string | null) => [...notificationKeys.all(cluster), walletAddress] as const,
}

/** The list, or an idle query without a signed-in wallet (notifications belong to a session). */
export function useNotifications() {
  const cluster = useCluster()
  const walletAddress = useSignedInWallet()
  return useQuery({
    queryKey: notificationKeys.of(cluster, walletAddress),
    queryFn: () => apiGet<NotificationList>('/api/notifications', cluster),
    enabled: walletAddress !== null,
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
  })
}

export function useMarkNotificationRead() {
  const cluster = useCluster()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiPost<NotificationsRead>('/api/notifications/read', cluster, { ids: [id] }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all(cluster) }),
  })
}
