// Wallet-gated pages show 'Connect Your Wallet' with an explanation of their own, and
// wait for the connected wallet's sign-in before they act for it.
import { Button, Card, Heading, Icon, Spinner, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { LuWallet } from 'react-icons/lu'
import { useSignedInWallet, useWalletConnection } from './wallet-bridge'

export const SIGNING_IN_TITLE = 'Signing in'
export const SIGNING_IN_TEXT = 'Approve the sign-in request in your wallet. It costs nothing and sends no transaction.'

export function WalletGate({ explanation, children }: { explanation: string; children: ReactNode }) {
  const { address, connect, connecting } = useWalletConnection()
  const signedIn = useSignedInWallet()
  if (address && signedIn === address) return <>{children}</>
  if (address) {
    return (
      <Card.Root maxW="lg" mx="auto" mt="8">
        <Card.Body alignItems="center" textAlign="center" gap="4" py="10">
          <Spinner color="purple.400" />
          <Heading size="lg">{SIGNING_IN_TITLE}</Heading>
          <Text color="fg.muted">{SIGNING_IN_TEXT}</Text>
        </Card.Body>
      </Card.Root>
    )
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
      </Card.Body>
    </Card.Root>
  )
}
