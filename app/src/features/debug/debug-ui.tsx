// The debug tabs' gate: a tab about the wallet's data asks for a wallet first, and shows the error
// of its read instead of its content when the read failed.
import { Button, HStack, Text } from '@chakra-ui/react'
import { ErrorAlert } from '@/components/ui/error-alert'
import { useWalletConnection } from '@/features/wallet/wallet-bridge'

export function NeedsWallet({ error = null, children }: { error?: Error | null; children: React.ReactNode }) {
  const { address, connect } = useWalletConnection()
  if (address) return error ? <ErrorAlert error={error} /> : <>{children}</>
  return (
    <HStack>
      <Text color="fg.muted">Connect a wallet to see its data and run actions.</Text>
      <Button size="sm" onClick={connect}>
        Connect Wallet
      </Button>
    </HStack>
  )
}
