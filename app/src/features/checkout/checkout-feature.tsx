// Checkout (/checkout?amount&projectId&title): the payment is a real invest through the mode's client;
// processing lasts at least 1.5 s, success redirects to the project after 2 s.
import { Box, Button, Card, Heading, HStack, Icon, Stack, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { LuCircleAlert, LuCircleCheck } from 'react-icons/lu'
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom'
import { CHECKOUT_PROCESSING_MIN_MS, CHECKOUT_REDIRECT_DELAY_MS } from '@/constants'
import { notify } from '@/components/ui/toaster'
import { BusyButton } from '@/components/ui/busy-button'
import { shortenAddress, sleep } from '@/lib/format'
import { useWalletConnection } from '@/features/wallet/wallet-bridge'
import { useInvest, useProject } from '@/features/projects/projects-data-access'
import { isPayDisabled, parseCheckout, payButtonLabel, type CheckoutPhase } from './checkout-logic'
import { failureToast, withReason } from '@/lib/failure-toast'
import { useTransactionLink } from '@/features/chain/chain-ui'

export const PAYMENT_FAILED_TOAST = failureToast('Payment Failed', 'There was an error processing your payment. Please try again.')

export default function CheckoutFeature() {
  const [search] = useSearchParams()
  const checkout = parseCheckout(search)
  if (!checkout) return <InvalidCheckout />
  return <CheckoutForm {...checkout} />
}

function InvalidCheckout() {
  return (
    <Card.Root maxW="lg" mx="auto">
      <Card.Body gap="4" alignItems="center" textAlign="center">
        <Icon size="2xl" color="red.500">
          <LuCircleAlert />
        </Icon>
        <Heading size="lg">Invalid Checkout</Heading>
        <Text color="fg.muted">The checkout information is incomplete. Please return to the project page.</Text>
        <Button asChild colorPalette="purple">
          <RouterLink to="/marketplace">Return to Marketplace</RouterLink>
        </Button>
      </Card.Body>
    </Card.Root>
  )
}

function CheckoutForm({ amount, projectId, title }: { amount: number; projectId: number; title: string }) {
  const navigate = useNavigate()
  const { address, connect } = useWalletConnection()
  const project = useProject(projectId)
  const invest = useInvest()
  const link = useTransactionLink()
  const [phase, setPhase] = useState<CheckoutPhase>('idle')
  const displayTitle = title || project.data?.title || `Project #${projectId}`

  useEffect(() => {
    if (phase !== 'success') return
    const timer = setTimeout(() => navigate(`/project/${projectId}`), CHECKOUT_REDIRECT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [phase, navigate, projectId])

  const pay = async () => {
    if (!project.data) {
      notify({ title: 'Missing information', description: 'Investment amount or project details are missing.', variant: 'destructive' })
      return
    }
    setPhase('processing')
    try {
      const [result] = await Promise.all([invest.mutateAsync({ project: project.data, amountSol: amount }), sleep(CHECKOUT_PROCESSING_MIN_MS)])
      setPhase('success')
      notify({ title: 'Investment Successful!', description: `You have successfully invested ${amount} SOL in ${displayTitle}`, link: link(result.txHash) })
    } catch (error) {
      console.error(error)
      setPhase('idle')
      notify(withReason(PAYMENT_FAILED_TOAST, error))
    }
  }

  return (
    <Card.Root maxW="lg" mx="auto">
      <Card.Header>
        <Heading size="lg">Checkout</Heading>
      </Card.Header>
      <Card.Body gap="5">
        <Stack gap="2" borderWidth="1px" borderRadius="md" p="4">
          <Heading size="sm">Investment Summary</Heading>
          <HStack justify="space-between">
            <Text color="fg.muted">Project</Text>
            <Text fontWeight="medium">{displayTitle}</Text>
          </HStack>
          <HStack justify="space-between">
            <Text color="fg.muted">Amount</Text>
            <Text fontWeight="medium">{amount} SOL</Text>
          </HStack>
          <HStack justify="space-between">
            <Text color="fg.muted">Wallet</Text>
            <Text fontWeight="medium">{address ? shortenAddress(address) : 'Not connected'}</Text>
          </HStack>
        </Stack>
        {phase === 'success' ? (
          <Stack align="center" textAlign="center" gap="3" py="4">
            <Icon size="2xl" color="green.500">
              <LuCircleCheck />
            </Icon>
            <Heading size="md">Payment Successful!</Heading>
            <Text color="fg.muted">Redirecting you to the project...</Text>
          </Stack>
        ) : (
          <Box borderWidth="1px" borderRadius="md" p="4" bg="bg.subtle">
            {address ? (
              <Stack gap="1">
                <Text fontSize="sm" color="fg.muted">
                  Wallet address
                </Text>
                <Text fontFamily="mono" fontSize="sm" wordBreak="break-all">
                  {address}
                </Text>
              </Stack>
            ) : (
              <Stack gap="2" align="start">
                <Text>Connect your wallet to proceed</Text>
                <Button size="sm" variant="outline" onClick={connect}>
                  Connect Wallet
                </Button>
              </Stack>
            )}
          </Box>
        )}
        <BusyButton colorPalette="purple" onClick={pay} disabled={isPayDisabled(phase, address !== null)} busy={phase === 'processing'}>
          {payButtonLabel(amount)}
        </BusyButton>
      </Card.Body>
    </Card.Root>
  )
}
