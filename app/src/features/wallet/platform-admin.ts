// Whether the signed-in wallet administers the platform: it holds the admin role (on a fresh demo
// the first wallet signed in, or MARQUEE_DEMO_ADMIN_WALLET) or is the platform's admin key itself
// (On-Chain). Asked again once the wallet's demo account exists, since connecting it is what makes
// the first wallet the admin.
import { useQuery } from '@tanstack/react-query'
import type { PlatformInfo } from '@marquee/api-contract'
import { apiGet } from '@/lib/api'
import { useCluster } from '@/features/mode/mode-data-access'
import { useBalance } from '@/features/chain/chain-data-access'
import { useSignedInWallet } from './wallet-bridge'

/** The rule, for a wallet and the platform's answer. */
export function isAdminWallet(platform: Pick<PlatformInfo, 'admin' | 'adminWallet'> | undefined, walletAddress: string | null): boolean {
  if (!platform || !walletAddress) return false
  return platform.adminWallet === walletAddress || platform.admin === walletAddress
}

export function usePlatformAdmin() {
  const cluster = useCluster()
  const walletAddress = useSignedInWallet()
  const accountReady = useBalance().isFetched
  const platform = useQuery({
    queryKey: ['platform', cluster, 'admin', walletAddress, accountReady],
    queryFn: () => apiGet<PlatformInfo>('/api/platform', cluster),
    enabled: walletAddress !== null,
  })
  return { isAdmin: isAdminWallet(platform.data, walletAddress), adminWallet: platform.data?.adminWallet ?? null, source: platform.data?.adminSource ?? null }
}
