// Revenue Dashboard (/revenue): the wallet's investor revenue (investor-revenue.tsx), its publisher
// earnings once it has embeds, and the platform-wide revenue (platform-revenue.tsx).
import { Stack } from '@chakra-ui/react'
import { WalletGate } from '@/features/wallet/wallet-gate'
import { useProjects } from '@/features/projects/projects-data-access'
import { PublisherEarningsCard } from '@/features/publishers/publisher-analytics'
import { usePublisherAnalytics } from '@/features/publishers/publishers-data-access'
import { InvestorRevenue } from './investor-revenue'
import { PlatformRevenue } from './platform-revenue'

export default function RevenueFeature() {
  return (
    <WalletGate explanation="Connect your Solana wallet to see the ad revenue your film investments earn and claim it to your wallet.">
      <Stack gap="10">
        <InvestorRevenue />
        <PublisherRevenue />
        <PlatformRevenue />
      </Stack>
    </WalletGate>
  )
}

/** What the wallet earns as a publisher, beside its investor revenue (shown once it has embeds). */
function PublisherRevenue() {
  const analytics = usePublisherAnalytics()
  const projects = useProjects()
  if (!analytics.data || analytics.data.byEmbed.length === 0) return null
  return <PublisherEarningsCard analytics={analytics.data} projects={projects.data ?? []} />
}
