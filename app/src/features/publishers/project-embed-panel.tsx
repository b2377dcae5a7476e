// The project page's embed panel, in three states: a restricted notice, the verification form, or
// the code with its copy button once the wallet has a verified website. A registered embed of this
// film is shown in place of the film's generic code.
import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react'
import { useWalletAddress } from '@/features/wallet/wallet-bridge'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { REVENUE_SPLIT_PERCENT } from '@/constants'
import type { Project } from '@marquee/api-contract'
import { EmbedCode } from './embed-code'
import { usePublisherEmbeds, useWebsites } from './publishers-data-access'
import { embedPanelView, verifiedWebsites } from './verification-logic'
import { VerifiedWebsites, WebsiteVerification } from './website-verification'

export function ProjectEmbedPanel({ project }: { project: Project }) {
  const walletAddress = useWalletAddress()
  const websites = useWebsites()
  const embeds = usePublisherEmbeds()
  const [formOpen, setFormOpen] = useState(false)
  const verified = verifiedWebsites(websites.data)
  const view = embedPanelView(verified.length > 0, formOpen)
  const registered = embeds.data?.find((embed) => embed.projectId === project.id)

  return (
    <Card.Root data-testid="embed-panel" data-state={view}>
      <Card.Header>
        <Heading size="md">Embed this film</Heading>
      </Card.Header>
      <Card.Body gap="3">
        {view === 'restricted' && (
          <Stack gap="3" align="start">
            <Text fontSize="sm" color="fg.muted">
              Embed codes are restricted to verified publishers. Verify your website to embed {project.title} and earn{' '}
              {REVENUE_SPLIT_PERCENT.publishers}% of the ad revenue it brings.
            </Text>
            {walletAddress ? (
              <Button size="sm" colorPalette="purple" onClick={() => setFormOpen(true)}>
                Verify Website
              </Button>
            ) : (
              <Text fontSize="sm">Connect your wallet to verify a website.</Text>
            )}
          </Stack>
        )}
        {view === 'form' && <WebsiteVerification verified={false} withContactEmail startOpen onCancel={() => setFormOpen(false)} />}
        {view === 'code' && (
          <Stack gap="3">
            <VerifiedWebsites websites={verified} />
            <EmbedCode code={registered?.embedCode ?? project.embeddableCode ?? ''} verified />
            {!registered && (
              <Button asChild size="sm" alignSelf="start" colorPalette="green">
                <RouterLink to={`/embed?projectId=${project.id}`}>Register an embed to earn revenue</RouterLink>
              </Button>
            )}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  )
}
