// Claim Revenue (/claim-revenue): loading, summary, confirmation, progress while the real claim
// transaction runs, success with the shortened hash and a redirect to /revenue after 3 s.
import { Button, Card, Heading, HStack, Icon, Progress, Stack, Text } from '@chakra-ui/react'
import { useWalletAddress } from '@/features/wallet/wallet-bridge'
import { useEffect, useReducer, useState } from 'react'
import { LuCircleCheck } from 'react-icons/lu'
import { useNavigate } from 'react-router-dom'
import { ErrorAlert } from '@/components/ui/error-alert'
import { BusyButton } from '@/components/ui/busy-button'
import { CLAIM_PROGRESS_INTERVAL_MS, CLAIM_REDIRECT_DELAY_MS } from '@/constants'
import { notify } from '@/components/ui/toaster'
import { shortenAddress } from '@/lib/format'
import type { UnclaimedRevenue } from '@marquee/api-contract'
import { useClaimRevenue, useUnclaimedRevenue } from '@/features/revenue/revenue-data-access'
import { TransactionLink } from '@/features/chain/chain-ui'
import {
  CLAIM_FAILED_TOAST,
  NO_REVENUE_TOAST,
  claimAmountText,
  claimProgressText,
  claimReducer,
  initialClaimState,
  isClaimDisabled,
  revenueClaimedToast,
} from './claim-machine'
import { withReason } from '@/lib/failure-toast'
import { isClaimable } from '@/lib/claimable'
import { useTransactionLink } from '@/features/chain/chain-ui'

export default function ClaimFeature() {
  const navigate = useNavigate()
  const walletAddress = useWalletAddress()
  const unclaimed = useUnclaimedRevenue()
  const claim = useClaimRevenue()
  const link = useTransactionLink()
  const [state, dispatch] = useReducer(claimReducer, initialClaimState)
  // The figures being claimed stay on screen while the refreshed (now empty) unclaimed data arrives.
  const [claiming, setClaiming] = useState<UnclaimedRevenue | null>(null)

  useEffect(() => {
    if (state.phase !== 'inProgress') return
    const timer = setInterval(() => dispatch({ type: 'tick' }), CLAIM_PROGRESS_INTERVAL_MS)
    return () => clearInterval(timer)
  }, [state.phase])

  useEffect(() => {
    if (state.phase !== 'success') return
    notify({ ...revenueClaimedToast(claimAmountText(state.claimedAmount ?? 0)), ...(state.txHash ? { link: link(state.txHash) } : {}) })
    const timer = setTimeout(() => navigate('/revenue'), CLAIM_REDIRECT_DELAY_MS)
    return () => clearTimeout(timer)
    // The link is rebuilt each render; the toast is shown once, on reaching success.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.phase, state.claimedAmount, navigate])

  const shown = claiming ?? unclaimed.data
  const total = shown?.total
  const distributions = shown?.distributions ?? []
  const projectCount = new Set(distributions.map((distribution) => distribution.projectId)).size
  const amountText = claimAmountText(total ?? 0)

  const startClaim = () => {
    if (!walletAddress || !unclaimed.data || unclaimed.data.total <= 0) {
      notify(NO_REVENUE_TOAST)
      return
    }
    dispatch({ type: 'start' })
    setClaiming(unclaimed.data)
    claim.mutate(unclaimed.data, {
      onSuccess: (result) => dispatch({ type: 'confirmed', txHash: result.txHash, amount: result.amount }),
      onError: (error) => {
        console.error(error)
        dispatch({ type: 'failed' })
        setClaiming(null)
        notify(withReason(CLAIM_FAILED_TOAST, error))
      },
    })
  }

  if (state.phase === 'success')
    return (
      <Card.Root maxW="lg" mx="auto">
        <Card.Body alignItems="center" textAlign="center" gap="3" py="10">
          <Icon size="2xl" color="green.500">
            <LuCircleCheck />
          </Icon>
          <Heading size="lg">Claim Successful!</Heading>
          <Text color="fg.muted">{claimAmountText(state.claimedAmount ?? 0)} SOL has been sent to your wallet.</Text>
          <HStack>
            <Text fontSize="sm">Transaction:</Text>
            <TransactionLink signature={state.txHash} />
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            Redirecting to your revenue dashboard...
          </Text>
        </Card.Body>
      </Card.Root>
    )

  return (
    <Stack gap="6" maxW="2xl" mx="auto">
      <Heading size="2xl">Claim Revenue</Heading>
      {unclaimed.isLoading ? (
        <Text color="fg.muted">Loading your unclaimed revenue...</Text>
      ) : unclaimed.isError ? (
        <ErrorAlert error={unclaimed.error} onRetry={unclaimed.refetch} />
      ) : (
        <Card.Root>
          <Card.Body gap="3">
            <Heading size="md">Summary</Heading>
            <HStack justify="space-between">
              <Text color="fg.muted">Available</Text>
              <Text fontWeight="bold" fontSize="xl" data-testid="claim-available">
                {amountText} SOL
              </Text>
            </HStack>
            <HStack justify="space-between">
              <Text color="fg.muted">Projects</Text>
              <Text>
                {projectCount} ({distributions.length} distributions)
              </Text>
            </HStack>
            <HStack justify="space-between">
              <Text color="fg.muted">Wallet</Text>
              <Text fontFamily="mono">{walletAddress ? shortenAddress(walletAddress) : 'Not connected'}</Text>
            </HStack>
          </Card.Body>
        </Card.Root>
      )}
      <Card.Root>
        <Card.Body gap="4">
          <Heading size="md">Confirm your claim</Heading>
          <Text color="fg.muted">
            You are about to claim {amountText} SOL from {projectCount} {projectCount === 1 ? 'project' : 'projects'}. A small network fee applies.
          </Text>
          {state.phase === 'inProgress' && (
            <Stack gap="2">
              <Progress.Root value={state.progress} colorPalette="purple" aria-label="Claim progress">
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
              <Text fontSize="sm" color="fg.muted">
                {claimProgressText(state.progress)}
              </Text>
            </Stack>
          )}
          {/* The disabled claim says why: nothing is claimable yet (the spec's own words). */}
          {walletAddress && unclaimed.data && state.phase === 'idle' && !claiming && !isClaimable(unclaimed.data.totalLamports ?? unclaimed.data.total) && (
            <Text color="fg.muted" data-testid="claim-nothing">
              {NO_REVENUE_TOAST.description}
            </Text>
          )}
          <HStack justify="end">
            <Button variant="outline" onClick={() => navigate('/revenue')} disabled={state.phase !== 'idle'}>
              Cancel
            </Button>
            <BusyButton
              colorPalette="purple"
              onClick={startClaim}
              disabled={isClaimDisabled(walletAddress !== null, total, state.phase)}
              busy={state.phase === 'inProgress'}
            >
              Claim {amountText} SOL
            </BusyButton>
          </HStack>
        </Card.Body>
      </Card.Root>
    </Stack>
  )
}
