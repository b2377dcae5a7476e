// Sign in (/login): the wallet choice — the Marquee Demo Wallet in Demo mode (one click, a key kept in
// this browser), or an installed wallet through the wallet list — what signing in does (a message,
// no transaction, no fee), and, once signed in, back to the page the visitor came from (?next=).
import { Badge, Button, Card, Heading, HStack, List, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useEffect } from 'react'
import { LuFlaskConical, LuWallet } from 'react-icons/lu'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { DEMO_WALLET_NAME } from '@/constants'
import { PageHeading } from '@/components/ui/page-heading'
import { useMode } from '@/features/mode/mode-data-access'
import { preloadWalletRuntime, useSignedInWallet, useWalletConnection } from '@/features/wallet/wallet-bridge'
import { DEMO_KEY_LABEL } from '@/features/wallet/wallet-ui'
import { SigningInCard } from '@/features/wallet/wallet-gate'
import { afterSignInPath } from './login-logic'

export const USE_DEMO_WALLET = 'Use the Demo Wallet'
export const CHOOSE_WALLET = 'Choose a wallet'

export default function LoginFeature() {
  const { isDemo } = useMode()
  const { address, connecting, connect, connectWallet } = useWalletConnection()
  const signedIn = useSignedInWallet()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const next = afterSignInPath(params.get('next'))

  useEffect(() => {
    if (signedIn) navigate(next, { replace: true })
  }, [signedIn, next, navigate])
  // The page is there to connect a wallet: its code downloads while the visitor reads.
  useEffect(preloadWalletRuntime, [])

  return (
    <Stack gap="6" maxW="4xl">
      <PageHeading title="Sign in">Marquee knows you by your wallet: no account, no password, no e-mail.</PageHeading>
      {address ? (
        <SigningInCard compact />
      ) : (
        <SimpleGrid columns={{ base: 1, md: isDemo ? 2 : 1 }} gap="4">
          {isDemo && (
            <Card.Root borderColor="purple.300" data-testid="demo-wallet-choice">
              <Card.Body gap="3">
                <HStack gap="2">
                  <LuFlaskConical />
                  <Heading size="md">{DEMO_WALLET_NAME}</Heading>
                  <Badge colorPalette="purple">{DEMO_KEY_LABEL}</Badge>
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  No wallet extension? Start at once with a key this browser keeps for the demo. It holds the demo's play money only (the demo chain
                  gives it 15.75 SOL): anyone using this browser can use it, and clearing the site's data loses it. Never send real funds to it.
                </Text>
                <Button colorPalette="purple" onClick={() => connectWallet(DEMO_WALLET_NAME)} loading={connecting} alignSelf="start">
                  {USE_DEMO_WALLET}
                </Button>
              </Card.Body>
            </Card.Root>
          )}
          <Card.Root>
            <Card.Body gap="3">
              <HStack gap="2">
                <LuWallet />
                <Heading size="md">Your Solana wallet</Heading>
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                Phantom, Solflare, Backpack or any Solana wallet installed in this browser. {isDemo ? 'In Demo mode its transactions run on the demo chain.' : 'In On-Chain mode it signs real devnet transactions; the demo wallet is offered in Demo mode only.'}
              </Text>
              <Button variant="outline" onClick={connect} loading={connecting} alignSelf="start">
                {CHOOSE_WALLET}
              </Button>
            </Card.Body>
          </Card.Root>
        </SimpleGrid>
      )}
      <Card.Root variant="subtle">
        <Card.Body gap="2">
          <Heading size="sm">What signing in does</Heading>
          <List.Root ps="5" gap="1" fontSize="sm" color="fg.muted">
            <List.Item>Your wallet signs a short message naming this site and a one-time code (Sign-In With Solana).</List.Item>
            <List.Item>It is not a transaction: nothing is sent to the chain, no funds move and there is no fee.</List.Item>
            <List.Item>The signature opens a session for up to 24 hours; disconnecting your wallet ends it.</List.Item>
            <List.Item>Investing, listing or claiming later asks your approval for each transaction separately.</List.Item>
          </List.Root>
        </Card.Body>
      </Card.Root>
    </Stack>
  )
}
