// Screens of the route table that later issues build (embed library, advertising, collaboration,
// debug, analytics, login): each says honestly what is coming.
import { Badge, Card, Heading, Stack, Text } from '@chakra-ui/react'
import { useParams } from 'react-router-dom'
import { WalletGate } from '@/features/wallet/wallet-gate'

export interface PlaceholderScreen {
  title: string
  coming: string
  walletGate?: string
}

export const PLACEHOLDERS = {
  analytics: { title: 'Analytics', coming: 'Views, revenue and funding analytics from the indexed chain.' },
  advertising: {
    title: 'Advertising',
    coming: 'Ad plans for advertisers (Display, Video, Sponsorship) and the publisher programme with its 40% revenue share.',
  },
  collaboration: {
    title: 'Collaboration',
    coming: 'Project team, top investors, chat, updates and polls for each film.',
    walletGate: 'Connect your Solana wallet to join the collaboration of the films you back.',
  },
  debug: { title: 'Marquee Debug', coming: 'Projects, investments, revenue and embeds of the current cluster, with direct contract actions.' },
  login: { title: 'Sign in', coming: 'Marquee identifies you by your wallet: connect it with the button in the header.' },
} satisfies Record<string, PlaceholderScreen>

export function PlaceholderFeature({ screen }: { screen: PlaceholderScreen }) {
  const { projectId } = useParams()
  const content = (
    <Card.Root maxW="2xl">
      <Card.Body gap="3">
        <Badge alignSelf="start" colorPalette="orange">
          Coming soon
        </Badge>
        <Heading size="2xl">{screen.title}</Heading>
        {projectId && <Text color="fg.muted">Project #{projectId}</Text>}
        <Text color="fg.muted">{screen.coming}</Text>
      </Card.Body>
    </Card.Root>
  )
  return <Stack>{screen.walletGate ? <WalletGate explanation={screen.walletGate}>{content}</WalletGate> : content}</Stack>
}
