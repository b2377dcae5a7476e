// Wallet-gated pages show 'Connect Your Wallet' with an explanation of their own (spec §2).
import { Button, Card, Heading, Icon, Text } from '@chakra-ui/react'
import { useWallet } from '@solana/wallet-adapter-react'
import type { ReactNode } from 'react'
import { LuWallet } from 'react-icons/lu'
import { useWalletConnection } from './wallet-data-access'

export function WalletGate({ explanation, children }: { explanation: string; children: ReactNode }) {
  const { publicKey } = useWallet()
  const { connect, connecting } = useWalletConnection()
  if (publicKey) return <>{children}</>
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
