// Screens of the route table that later issues build (login): each says honestly what
// is coming.
import { Badge, Card, Heading, Stack, Text } from '@chakra-ui/react'
import { useParams } from 'react-router-dom'
import { WalletGate } from '@/features/wallet/wallet-gate'

export interface PlaceholderScreen {
  title: string
  coming: string
  walletGate?: string
}

export const PLACEHOLDERS = {
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
