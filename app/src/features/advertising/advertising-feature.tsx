// Advertising (/advertising), two tabs: For Advertisers (default) — the connected wallet's campaigns,
// the three plans (Select Plan sets the request's ad type), the Request Advertising form that funds
// a campaign, How Our Advertising Works — and For Publishers.
import { Badge, Button, Card, Heading, List, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { LuCheck } from 'react-icons/lu'
import { ErrorAlert } from '@/components/ui/error-alert'
import { PageHeading } from '@/components/ui/page-heading'
import { TabSet } from '@/components/ui/tab-set'
import type { AdType } from '@marquee/api-contract'
import { AD_PLANS } from './advertising-logic'
import { useAdvertiserCampaigns } from './advertising-data-access'
import { CampaignDashboard } from './campaign-dashboard'
import { PublisherTab } from './publisher-tab'
import { RequestForm } from './request-form'

export const HOW_IT_WORKS = [
  { title: 'Target Your Audience', text: 'Choose the genres of the films your ads run with and the audience you want to reach.' },
  { title: 'Premium Placement', text: 'Your ads play before and during independent films on verified publisher websites.' },
  { title: 'Real-Time Analytics', text: 'Follow impressions and spend per day as views are settled on chain.' },
]

/** Brings an element into view where the browser can (jsdom has no layout). */
const scrollToId = (id: string) => document.getElementById(id)?.scrollIntoView?.({ behavior: 'smooth', block: 'start' })

export default function AdvertisingFeature() {
  return (
    <Stack gap="6">
      <PageHeading title="Advertising">Reach film audiences, or earn from the ads shown with the films you embed.</PageHeading>
      <TabSet
        tabs={[
          { value: 'advertisers', label: 'For Advertisers', content: <AdvertiserTab /> },
          { value: 'publishers', label: 'For Publishers', content: <PublisherTab /> },
        ]}
      />
    </Stack>
  )
}

function AdvertiserTab() {
  const [adType, setAdType] = useState<AdType>('video')
  const campaigns = useAdvertiserCampaigns()
  const selectPlan = (plan: AdType) => {
    setAdType(plan)
    scrollToId('request-advertising')
  }
  return (
    <Stack gap="8">
      {campaigns.isError && <ErrorAlert error={campaigns.error} onRetry={campaigns.refetch} />}
      {campaigns.data && campaigns.data.length > 0 && <CampaignDashboard campaigns={campaigns.data} />}
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {AD_PLANS.map((plan) => (
          <Card.Root key={plan.adType} borderColor={plan.popular ? 'purple.500' : undefined} borderWidth={plan.popular ? '2px' : undefined} aria-label={plan.title} role="group">
            <Card.Header gap="2">
              <Heading size="lg">{plan.title}</Heading>
              {plan.popular && (
                <Badge colorPalette="purple" alignSelf="start">
                  Popular
                </Badge>
              )}
              <Text fontSize="2xl" fontWeight="bold">
                {plan.price}
              </Text>
            </Card.Header>
            <Card.Body>
              <List.Root gap="2" variant="plain">
                {plan.features.map((feature) => (
                  <List.Item key={feature}>
                    <List.Indicator asChild color="green.500">
                      <LuCheck />
                    </List.Indicator>
                    {feature}
                  </List.Item>
                ))}
              </List.Root>
            </Card.Body>
            <Card.Footer>
              <Button w="full" colorPalette="purple" variant={adType === plan.adType ? 'solid' : 'outline'} onClick={() => selectPlan(plan.adType)} aria-pressed={adType === plan.adType}>
                Select Plan
              </Button>
            </Card.Footer>
          </Card.Root>
        ))}
      </SimpleGrid>
      <RequestForm adType={adType} onAdTypeChange={setAdType} onCreated={() => scrollToId('your-campaigns')} />
      <Stack gap="4">
        <Heading size="xl">How Our Advertising Works</Heading>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          {HOW_IT_WORKS.map((blurb) => (
            <Card.Root key={blurb.title}>
              <Card.Body gap="2">
                <Heading size="md">{blurb.title}</Heading>
                <Text color="fg.muted">{blurb.text}</Text>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  )
}
