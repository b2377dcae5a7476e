// The verification support contact the Studio Verification page promises: the server's configured
// address (MARQUEE_SUPPORT_EMAIL, GET /api/platform supportEmail) as a mail link, or a plain statement
// that this server configured none (never a made-up address).
import { Link, Text } from '@chakra-ui/react'
import { usePlatform } from '@/features/studio/studio-data-access'

export function SupportContact() {
  const platform = usePlatform()
  if (platform.isPending) return null
  const address = platform.data?.supportEmail
  return (
    <Text fontSize="sm" color="fg.muted">
      Questions about your verification?{' '}
      {address ? (
        <>
          Contact verification support at <Link href={`mailto:${address}`}>{address}</Link>.
        </>
      ) : (
        'This server has no verification support address configured: ask its operator.'
      )}
    </Text>
  )
}
