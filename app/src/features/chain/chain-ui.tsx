// A transaction hash, shortened, linked to where a person can look at it: the devnet explorer in
// on-chain mode, the demo chain's own transaction view (served by the API) in demo mode.
import { Link } from '@chakra-ui/react'
import { LuExternalLink } from 'react-icons/lu'
import { DEMO_TX_URL, EXPLORER_TX_URL } from '@/constants'
import { shortenAddress } from '@/lib/format'
import { useMode, type Mode } from '@/features/mode/mode-data-access'

export function transactionUrl(mode: Mode, signature: string): string {
  return mode === 'demo' ? DEMO_TX_URL(signature) : EXPLORER_TX_URL(signature)
}

/** A toast's "View transaction" link to a signature in the current mode's explorer. */
export function useTransactionLink(): (signature: string) => { label: string; href: string } {
  const { mode } = useMode()
  return (signature) => ({ label: 'View transaction', href: transactionUrl(mode, signature) })
}

/** `label`: the link's text where the screen names it (the studio's "View on Solana"); else the shortened hash. */
export function TransactionLink({ signature, label }: { signature: string | null | undefined; label?: string }) {
  const { mode } = useMode()
  if (!signature) return null
  return (
    <Link
      href={transactionUrl(mode, signature)}
      target="_blank"
      rel="noreferrer"
      fontFamily={label ? undefined : 'mono'}
      fontSize="sm"
      title={signature}
    >
      {label ?? shortenAddress(signature)} <LuExternalLink />
    </Link>
  )
}
