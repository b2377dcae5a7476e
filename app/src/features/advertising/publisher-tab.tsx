// For Publishers: the 40% share and its benefits, the Apply to Publisher Program form —
// the publisher's way into website verification: applying registers the website for the signed-in
// wallet (POST /api/publishers/websites, with the contact email) and shows where to serve its
// token — Our Ad Technology with the revenue split, and the compatible ad networks.
import { Alert, Badge, Button, Card, Heading, HStack, Input, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { notify } from '@/components/ui/toaster'
import { OptionSelect } from '@/components/ui/option-select'
import { FormField } from '@/components/ui/form-field'
import { MONTHLY_VISITOR_RANGES, REVENUE_SPLIT_PERCENT, WEBSITE_CATEGORIES } from '@/constants'
import type { PublisherWebsite } from '@marquee/api-contract'
import { useMarqueeClient } from '@/features/chain/chain-data-access'
import { useRequestVerification } from '@/features/publishers/publishers-data-access'
import { PendingVerification, serverReason } from '@/features/publishers/website-verification'
import { verificationFailedToast, websiteVerifiedToast } from '@/features/publishers/verification-logic'
import { useWalletConnection } from '@/features/wallet/wallet-bridge'
import { SIGNING_IN_TEXT, SIGNING_IN_TITLE } from '@/features/wallet/wallet-gate'
import { EMPTY_APPLICATION, validateApplication, type ApplicationErrors, type PublisherApplicationForm } from './advertising-logic'
import { WALLET_NEEDED } from './request-form'
import { TitledNote } from '@/components/ui/titled-note'

export const PUBLISHER_BENEFITS = [
  { title: 'Premium Content', text: 'Funded films from independent studios that your visitors will not find elsewhere.' },
  { title: 'One-Line Embed Code', text: 'Paste one line into your page and the player, its ads and the view tracking come with it.' },
  { title: 'Real-Time Payment Tracking', text: 'Every counted view and every payment is on chain, and your dashboard shows it as it happens.' },
]

/** The spec's list, with this site's own host in its place ({host}). */
export const adNetworks = (host: string) => ['AdSense', 'Amazon Associates', host, 'Outbrain', 'Taboola']

const APPLICATION_LABELS: Record<keyof PublisherApplicationForm, string> = {
  websiteUrl: 'Website URL',
  websiteName: 'Website Name',
  contactEmail: 'Contact Email',
  monthlyVisitors: 'Monthly Visitors',
  websiteCategory: 'Website Category',
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

export function PublisherTab() {
  return (
    <Stack gap="8">
      <Card.Root>
        <Card.Body gap="4">
          <Heading size="xl">Earn {REVENUE_SPLIT_PERCENT.publishers}% of the ad revenue</Heading>
          <Text color="fg.muted">
            Embed funded films on your website and earn {REVENUE_SPLIT_PERCENT.publishers}% of the revenue of every ad shown with them, paid on chain to your wallet.
          </Text>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            {PUBLISHER_BENEFITS.map((benefit) => (
              <TitledNote key={benefit.title} heading title={benefit.title}>
                {benefit.text}
              </TitledNote>
            ))}
          </SimpleGrid>
        </Card.Body>
      </Card.Root>
      <PublisherApplication />
      <AdTechnology />
    </Stack>
  )
}

function PublisherApplication() {
  const client = useMarqueeClient()
  const { connected, connect } = useWalletConnection()
  const requestVerification = useRequestVerification()
  const [form, setForm] = useState<PublisherApplicationForm>(EMPTY_APPLICATION)
  const [errors, setErrors] = useState<ApplicationErrors>({})
  const [pending, setPending] = useState<PublisherWebsite | null>(null)
  const [checkError, setCheckError] = useState<string | null>(null)
  const [verifiedOrigin, setVerifiedOrigin] = useState<string | null>(null)

  const setField = (field: keyof PublisherApplicationForm, value: string) => setForm((previous) => ({ ...previous, [field]: value }))
  const set = (field: keyof PublisherApplicationForm) => (event: { target: { value: string } }) => setField(field, event.target.value)

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    const found = validateApplication(form, MONTHLY_VISITOR_RANGES, WEBSITE_CATEGORIES)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    if (!client) {
      // A connected wallet still signing in gets the client in a moment: say so rather than "connect".
      if (connected) notify({ title: SIGNING_IN_TITLE, description: SIGNING_IN_TEXT })
      else {
        notify({ ...WALLET_NEEDED, description: 'Please connect your wallet to apply: your earnings are paid to it.' })
        connect()
      }
      return
    }
    requestVerification.mutate(
      {
        websiteUrl: form.websiteUrl.trim(),
        contactEmail: form.contactEmail.trim(),
        websiteName: form.websiteName.trim(),
        monthlyVisitors: form.monthlyVisitors,
        category: form.websiteCategory,
      },
      {
        onSuccess: (website) => {
          if (website.status === 'verified') {
            notify(websiteVerifiedToast(website.origin))
            setVerifiedOrigin(website.origin)
          } else {
            notify({ title: 'Application received', description: `Now prove that ${website.origin} is yours to start earning.` })
            setCheckError(website.lastError)
            setPending(website)
          }
        },
        onError: (error) => notify(verificationFailedToast(serverReason(error))),
      },
    )
  }

  const field = (name: keyof PublisherApplicationForm, input: React.ReactNode) => (
    <FormField label={APPLICATION_LABELS[name]} error={errors[name]}>
      {input}
    </FormField>
  )
  const select = (name: 'monthlyVisitors' | 'websiteCategory', options: readonly string[], format: (option: string) => string) =>
    field(
      name,
      <OptionSelect
        value={form[name]}
        placeholder="Select…"
        options={options.map((option) => ({ value: option, label: format(option) }))}
        onChange={(value) => setField(name, value)}
      />,
    )

  return (
    <Card.Root>
      <Card.Header>
        <Heading size="lg">Apply to Publisher Program</Heading>
        <Text color="fg.muted" fontSize="sm">
          Applying registers your website for your wallet; once you have proved it is yours, its embeds earn.
        </Text>
      </Card.Header>
      <Card.Body gap="4">
        {verifiedOrigin ? (
          <Alert.Root status="success">
            <Alert.Indicator />
            <Alert.Description>
              {verifiedOrigin} is verified: choose films to embed in the{' '}
              <Link asChild colorPalette="purple">
                <RouterLink to="/embed">Embed Library</RouterLink>
              </Link>
              .
            </Alert.Description>
          </Alert.Root>
        ) : pending ? (
          <PendingVerification
            website={pending}
            error={checkError}
            onVerified={() => {
              setVerifiedOrigin(pending.origin)
              setPending(null)
            }}
            onCheckFailed={setCheckError}
            onCancel={() => setPending(null)}
          />
        ) : (
          <form onSubmit={submit} noValidate aria-label="Apply to Publisher Program">
            <Stack gap="4">
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                {field('websiteUrl', <Input value={form.websiteUrl} onChange={set('websiteUrl')} placeholder="https://your-website.com" inputMode="url" />)}
                {field('websiteName', <Input value={form.websiteName} onChange={set('websiteName')} />)}
                {field('contactEmail', <Input type="email" value={form.contactEmail} onChange={set('contactEmail')} />)}
                {select('monthlyVisitors', MONTHLY_VISITOR_RANGES, (option) => option)}
                {select('websiteCategory', WEBSITE_CATEGORIES, capitalised)}
              </SimpleGrid>
              <Button type="submit" colorPalette="purple" alignSelf="start" loading={requestVerification.isPending} loadingText="Submitting...">
                Apply Now
              </Button>
            </Stack>
          </form>
        )}
      </Card.Body>
    </Card.Root>
  )
}

function AdTechnology() {
  const split = [
    { label: 'Publisher', percent: REVENUE_SPLIT_PERCENT.publishers },
    { label: 'Content Investors', percent: REVENUE_SPLIT_PERCENT.investors },
    { label: 'Platform', percent: REVENUE_SPLIT_PERCENT.platform },
  ]
  return (
    <Card.Root>
      <Card.Body gap="5">
        <Heading size="lg">Our Ad Technology</Heading>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <TitledNote heading title="Easy Integration">
            One embed line or our auto-list script; the player serves the ads and reports the views.
          </TitledNote>
          <TitledNote heading title="DRM Content Protection">
            Films play only on verified websites, through signed, expiring play sessions.
          </TitledNote>
          <Stack gap="1" aria-label="Revenue split" role="group">
            <Heading size="sm">Revenue Split</Heading>
            {split.map((part) => (
              <HStack key={part.label} justify="space-between" fontSize="sm">
                <Text>{part.label}</Text>
                <Text fontWeight="semibold">{part.percent}%</Text>
              </HStack>
            ))}
          </Stack>
        </SimpleGrid>
        <Stack gap="2">
          <Heading size="sm">Compatible ad networks</Heading>
          <HStack wrap="wrap" gap="2">
            {adNetworks(window.location.host).map((network) => (
              <Badge key={network} size="lg" variant="outline">
                {network}
              </Badge>
            ))}
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  )
}
