// Wallet-gated pages show 'Connect Your Wallet' with an explanation of their own, and
// wait for the connected wallet's sign-in before they act for it. A page readable without a wallet
// passes a `preview` (what it offers, its steps), shown above the request to connect.
import { Button, Card, Heading, Icon, Link, Spinner, Stack, Text } from '@chakra-ui/react'
import { useEffect, type ReactNode } from 'react'
import { LuWallet } from 'react-icons/lu'
import { Link as RouterLink, useLocation } from 'react-router-dom'
import { preloadWalletRuntime, useSignedInWallet, useWalletConnection } from './wallet-bridge'

export const SIGNING_IN_TITLE = 'Signing in'
export const SIGNING_IN_TEXT = 'Approve the sign-in request in your wallet. It costs nothing and sends no transaction.'

/** The wait for the wallet's sign-in approval; `compact` where it stands inside a page (the sign-in page) rather than in place of one. */
export function SigningInCard({ compact = false, ...rootProps }: { compact?: boolean } & Card.RootProps) {
  return (
    <Card.Root {...rootProps}>
      <Card.Body alignItems="center" textAlign="center" gap={compact ? '3' : '4'} py={compact ? '8' : '10'}>
        <Spinner color="purple.400" />
        <Heading size={compact ? 'md' : 'lg'}>{SIGNING_IN_TITLE}</Heading>
        <Text color="fg.muted">{SIGNING_IN_TEXT}</Text>
      </Card.Body>
    </Card.Root>
  )
}

export function WalletGate({ explanation, preview, children }: { explanation: string; preview?: ReactNode; children: ReactNode }) {
  const { address } = useWalletConnection()
  const signedIn = useSignedInWallet()
  if (address && signedIn === address) return <>{children}</>
  if (!preview) return <ConnectRequest explanation={explanation} />
  return (
    <Stack gap="6">
      {preview}
      <ConnectRequest explanation={explanation} />
    </Stack>
  )
}

function ConnectRequest({ explanation }: { explanation: string }) {
  const { address, connect, connecting } = useWalletConnection()
  const { pathname, search } = useLocation()
  // The page asks for a wallet: its code downloads while the visitor reads.
  useEffect(preloadWalletRuntime, [])
  if (address) {
    return <SigningInCard maxW="lg" mx="auto" mt="8" />
  }
  return (
    <Card.Root maxW="lg" mx="auto" mt="8">
      <Card.Body alignItems="center" textAlign="center" gap="4" py="10">
        <Icon size="2xl" color="purple.400">
          <LuWallet />
        </Icon>
        <Heading size="lg">Connect Your Wallet</Heading>
        <Text color="fg.muted">{explanation}</Text>
        <Button colorPalette="purple" onClick={connect} loading={connecting}>
          Connect Wallet
        </Button>
        <Link asChild fontSize="sm" color="fg.muted">
          <RouterLink to={`/login?next=${encodeURIComponent(pathname + search)}`}>What signing in does, and the demo wallet</RouterLink>
        </Link>
      </Card.Body>
    </Card.Root>
  )
}
