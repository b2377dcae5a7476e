// The header's wallet button (with an "Admin" badge for the platform admin and a "Demo key" badge
// for the Marquee Demo Wallet) and the sidebar's Connect/Disconnect Wallet card.
import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react'
import { LuWallet } from 'react-icons/lu'
import { DEMO_WALLET_NAME } from '@/constants'
import { shortenAddress } from '@/lib/format'
import { useBalance } from '@/features/chain/chain-data-access'
import { preloadWalletRuntime, useWalletConnection } from './wallet-bridge'
import { usePlatformAdmin } from './platform-admin'

export const DEMO_KEY_LABEL = 'Demo key'
export const DEMO_KEY_EXPLANATION = 'The Marquee Demo Wallet: a key kept in this browser, for the demo only'

export function WalletButton() {
  const { address, connecting, connect, walletName } = useWalletConnection()
  // Mounted on every page, so the balance (and in demo mode the wallet's demo keypair) is loaded at connect.
  const balance = useBalance()
  const { isAdmin } = usePlatformAdmin()
  if (address) {
    return (
      <HStack gap="2" flexShrink={0}>
        {isAdmin && (
          <Badge colorPalette="orange" variant="solid" data-testid="admin-badge" title="This wallet administers the platform: it reviews studio applications">
            Admin
          </Badge>
        )}
        {walletName === DEMO_WALLET_NAME && (
          <Badge colorPalette="purple" variant="subtle" title={DEMO_KEY_EXPLANATION} data-testid="demo-key-badge" hideBelow="sm">
            {DEMO_KEY_LABEL}
          </Badge>
        )}
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
    <Button
      colorPalette="purple"
      size="sm"
      onClick={connect}
      onPointerEnter={preloadWalletRuntime}
      onFocus={preloadWalletRuntime}
      loading={connecting}
      flexShrink={0}
      aria-label="Connect Wallet"
    >
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
          <Button size="xs" colorPalette="purple" onClick={connect} onPointerEnter={preloadWalletRuntime} onFocus={preloadWalletRuntime} loading={connecting}>
            Connect Wallet
          </Button>
        )}
      </Stack>
    </Box>
  )
}
