// The header's wallet button and the sidebar's Connect/Disconnect Wallet card.
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react'
import { LuWallet } from 'react-icons/lu'
import { shortenAddress } from '@/lib/format'
import { useBalance } from '@/features/chain/chain-data-access'
import { useWalletConnection } from './wallet-bridge'

export function WalletButton() {
  const { address, connecting, connect } = useWalletConnection()
  // Mounted on every page, so the balance (and in demo mode the wallet's demo keypair) is loaded at connect.
  const balance = useBalance()
  if (address) {
    return (
      <HStack gap="2" flexShrink={0}>
        {typeof balance.data === 'number' && (
          <Text fontSize="sm" color="fg.muted" hideBelow="md" data-testid="header-balance">
            {balance.data.toFixed(2)} SOL
          </Text>
        )}
        <Button variant="outline" size="sm" onClick={connect} aria-label="Wallet">
          <LuWallet />
          <Box as="span" hideBelow="sm">
            {shortenAddress(address)}
          </Box>
        </Button>
      </HStack>
    )
  }
  return (
    <Button colorPalette="purple" size="sm" onClick={connect} loading={connecting} flexShrink={0} aria-label="Connect Wallet">
      <LuWallet />
      <Box as="span" hideBelow="sm">
        Connect Wallet
      </Box>
    </Button>
  )
}

export function WalletCard() {
  const { address, connecting, disconnecting, connect, disconnect } = useWalletConnection()
  const balance = useBalance()
  return (
    <Box borderWidth="1px" borderRadius="lg" p="3" bg="bg.subtle">
      <Stack gap="2">
        <HStack justify="space-between">
          <Text fontSize="sm" fontWeight="medium">
            {address ? shortenAddress(address) : 'No wallet'}
          </Text>
          <HStack gap="1">
            <Box boxSize="2" borderRadius="full" bg={address ? 'green.500' : 'red.500'} />
            <Text fontSize="xs" color="fg.muted">
              {address ? 'Connected' : 'Disconnected'}
            </Text>
          </HStack>
        </HStack>
        {address && typeof balance.data === 'number' && (
          <Text fontSize="xs" color="fg.muted" data-testid="wallet-balance">
            Balance: {balance.data.toFixed(4)} SOL
          </Text>
        )}
        {address ? (
          <Button size="xs" variant="outline" onClick={disconnect} loading={disconnecting}>
            Disconnect Wallet
          </Button>
        ) : (
          <Button size="xs" colorPalette="purple" onClick={connect} loading={connecting}>
            Connect Wallet
          </Button>
        )}
      </Stack>
    </Box>
  )
}
