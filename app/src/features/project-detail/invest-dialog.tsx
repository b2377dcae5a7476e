// The invest dialog of the project page: amount (default 0.05, step 0.01), estimate, and a real
// invest through the mode's client. An amount the program would refuse is explained inline and never
// sent; on failure the dialog stays open and the toast says why.
import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { DEFAULT_INVESTMENT_SOL, INVESTMENT_STEP_SOL, MIN_INVESTMENT_SOL } from '@/constants'
import { FormDialog } from '@/components/ui/form-dialog'
import { notify, notifyFailure } from '@/components/ui/toaster'
import type { Project } from '@marquee/api-contract'
import { useInvest } from '@/features/projects/projects-data-access'
import {
  INVESTMENT_FAILED_TOAST,
  investmentAmountProblem,
  investmentEstimate,
  parseAmount,
  investmentSuccessToast,
  remainingToGoalSol,
  validateInvestment,
} from './invest-logic'
import { useTransactionLink } from '@/features/chain/chain-ui'

export function InvestDialog({
  project,
  walletConnected,
  open,
  onOpenChange,
}: {
  project: Project
  walletConnected: boolean
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const [amountText, setAmountText] = useState(String(DEFAULT_INVESTMENT_SOL))
  const invest = useInvest()
  const link = useTransactionLink()
  const estimate = investmentEstimate(amountText, project.fundingGoal)
  const remaining = remainingToGoalSol(project)
  const typedAmount = parseAmount(amountText)
  const amountProblem = typedAmount !== null && typedAmount > 0 ? investmentAmountProblem(typedAmount, project) : null

  const submit = () => {
    const validation = validateInvestment(walletConnected, amountText)
    if (!validation.ok) {
      notify(validation.toast)
      return
    }
    // The program would refuse it: the inline message says why, nothing is sent.
    if (investmentAmountProblem(validation.amountSol, project)) return
    invest.mutate(
      { project, amountSol: validation.amountSol },
      {
        onSuccess: (result) => {
          notify({ ...investmentSuccessToast(validation.amountSol, project.title), link: link(result.txHash) })
          onOpenChange(false)
        },
        onError: notifyFailure(INVESTMENT_FAILED_TOAST),
      },
    )
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Invest in ${project.title}`}
      confirm={{ label: 'Confirm Investment', onConfirm: submit, busy: invest.isPending, busyText: 'Processing...' }}
    >
      <Stack gap="4">
        <Field.Root invalid={amountProblem !== null}>
          <Field.Label>Investment amount (SOL)</Field.Label>
          <Input
            type="number"
            inputMode="decimal"
            step={INVESTMENT_STEP_SOL}
            min={0}
            value={amountText}
            onChange={(event) => setAmountText(event.target.value)}
            aria-label="Investment amount (SOL)"
          />
          <Field.HelperText>Minimum investment: {MIN_INVESTMENT_SOL} SOL</Field.HelperText>
          {amountProblem && <Field.ErrorText data-testid="invest-amount-problem">{amountProblem}</Field.ErrorText>}
          {remaining > 0 && (
            <HStack gap="2" fontSize="xs" color="fg.muted">
              <Text>Remaining to the goal: {remaining} SOL</Text>
              <Button size="2xs" variant="ghost" onClick={() => setAmountText(String(remaining))}>
                Invest the rest
              </Button>
            </HStack>
          )}
        </Field.Root>
        <Stack gap="2" borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle" fontSize="sm">
          <HStack justify="space-between">
            <Text color="fg.muted">Estimated token share</Text>
            <Text fontWeight="medium" data-testid="token-share-estimate">
              {estimate.tokenShareText}
            </Text>
          </HStack>
          <HStack justify="space-between">
            <Text color="fg.muted">Estimated gas fee</Text>
            <Text fontWeight="medium">{estimate.gasFeeText}</Text>
          </HStack>
        </Stack>
      </Stack>
    </FormDialog>
  )
}
