// The debug tabs' gate: a tab about the wallet's data asks for a wallet first.
import { Button, HStack, Text } from '@chakra-ui/react'
import { useWalletConnection } from '@/features/wallet/wallet-bridge'

export function NeedsWallet({ children }: { children: React.ReactNode }) {
  const { address, connect } = useWalletConnection()
  if (address) return <>{children}</>
  return (
    <HStack>
      <Text color="fg.muted">Connect a wallet to see its data and run actions.</Text>
      <Button size="sm" onClick={connect}>
        Connect Wallet
      </Button>
    </HStack>
  )
}
