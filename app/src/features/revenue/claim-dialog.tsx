// The revenue page's claim dialog: every unclaimed distribution with a checkbox, Select all, and one
// claim transaction for the selection through the active client.
import { Checkbox, HStack, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { FormDialog } from '@/components/ui/form-dialog'
import { notify, notifyFailure } from '@/components/ui/toaster'
import { amountToSol, formatDate, formatSol } from '@/lib/format'
import type { UnclaimedRevenue } from '@marquee/api-contract'
import { useClaimRevenue } from './revenue-data-access'
import {
  NO_DISTRIBUTIONS_SELECTED,
  NO_REVENUE_TO_CLAIM,
  REVENUE_CLAIMED,
  REVENUE_CLAIM_FAILED,
  selectionOf,
  toggleAll,
  toggleDistribution,
} from './claim-selection'
import { useTransactionLink } from '@/features/chain/chain-ui'

export function ClaimDialog({ unclaimed, open, onOpenChange }: { unclaimed: UnclaimedRevenue; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [selected, setSelected] = useState<Set<number>>(new Set())
  const claim = useClaimRevenue()
  const link = useTransactionLink()
  const distributions = unclaimed.distributions
  const selection = selectionOf(unclaimed, selected)

  const submit = () => {
    if (distributions.length === 0) return notify(NO_REVENUE_TO_CLAIM)
    if (selection.distributions.length === 0) return notify(NO_DISTRIBUTIONS_SELECTED)
    claim.mutate(selection, {
      onSuccess: (result) => {
        notify({ ...REVENUE_CLAIMED, link: link(result.txHash) })
        setSelected(new Set())
        onOpenChange(false)
      },
      onError: notifyFailure(REVENUE_CLAIM_FAILED),
    })
  }

  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Claim revenue" confirm={{ label: 'Claim Selected', onConfirm: submit, busy: claim.isPending }}>
      <Stack gap="3">
        {distributions.length === 0 ? (
          <Text color="fg.muted">You have no unclaimed distributions.</Text>
        ) : (
          <>
            <Checkbox.Root
              checked={selected.size === distributions.length ? true : selected.size > 0 ? 'indeterminate' : false}
              onCheckedChange={() => setSelected(toggleAll(selected, distributions))}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Select all</Checkbox.Label>
            </Checkbox.Root>
            {distributions.map((distribution) => (
              <Checkbox.Root
                key={distribution.id}
                checked={selected.has(distribution.id)}
                onCheckedChange={() => setSelected(toggleDistribution(selected, distribution, distributions))}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  {distribution.projectTitle ?? `Distribution #${distribution.id}`}
                  {distribution.distributedAt ? `, ${formatDate(distribution.distributedAt)}` : ''}: {formatSol(amountToSol(distribution.amount), 3)}
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
            <Text fontSize="xs" color="fg.muted">
              A claim pays a film's whole unclaimed revenue, so a film's distributions are selected together.
            </Text>
          </>
        )}
        <HStack justify="space-between" fontWeight="medium">
          <Text>Selected</Text>
          <Text data-testid="claim-selection-total">{formatSol(amountToSol(selection.total), 3)}</Text>
        </HStack>
      </Stack>
    </FormDialog>
  )
}
