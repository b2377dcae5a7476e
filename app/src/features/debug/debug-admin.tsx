// Who administers the platform on this cluster, on the Debug page: the wallet holding the admin role
// and how it got it (the first wallet signed in on a fresh demo, or MARQUEE_DEMO_ADMIN_WALLET), or,
// before anyone signed in, that the first wallet to sign in will be.
import { Badge, HStack, Text } from '@chakra-ui/react'
import { useMode } from '@/features/mode/mode-data-access'
import { usePlatform } from '@/features/studio/studio-data-access'
import { useSignedInWallet } from '@/features/wallet/wallet-bridge'
import { isAdminWallet } from '@/features/wallet/platform-admin'

const SOURCE_TEXT = { 'first-sign-in': 'the first wallet signed in on this demo', configured: 'set by MARQUEE_DEMO_ADMIN_WALLET' } as const

export function PlatformAdminLine() {
  const { isDemo } = useMode()
  const platform = usePlatform()
  const signedIn = useSignedInWallet()
  if (!platform.data) return null
  const { adminWallet, adminSource, admin } = platform.data
  let text: string
  if (adminWallet && adminSource) text = `${adminWallet} (${SOURCE_TEXT[adminSource]})`
  else if (isDemo) text = 'none yet: the first wallet that signs in becomes the admin'
  else text = `${admin} (the platform's admin key)`
  return (
    <HStack gap="2" wrap="wrap" data-testid="debug-platform-admin">
      <Text fontSize="sm">Platform admin: {text}</Text>
      {isAdminWallet(platform.data, signedIn) && <Badge colorPalette="orange">you</Badge>}
    </HStack>
  )
}
