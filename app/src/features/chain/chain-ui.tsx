// A transaction hash, shortened, linked to the devnet explorer in on-chain mode (demo-chain
// transactions exist only on the server, so they are shown without a link).
import { Link, Text } from '@chakra-ui/react'
import { LuExternalLink } from 'react-icons/lu'
import { EXPLORER_TX_URL } from '@/constants'
import { shortenAddress } from '@/lib/format'
import { useMode } from '@/features/mode/mode-data-access'

export function TransactionLink({ signature }: { signature: string | null | undefined }) {
  const { mode } = useMode()
  if (!signature) return null
  if (mode === 'demo')
    return (
      <Text as="span" fontFamily="mono" fontSize="sm" title={signature}>
        {shortenAddress(signature)}
      </Text>
    )
  return (
    <Link href={EXPLORER_TX_URL(signature)} target="_blank" rel="noreferrer" fontFamily="mono" fontSize="sm" title={signature}>
      {shortenAddress(signature)} <LuExternalLink />
    </Link>
  )
}
