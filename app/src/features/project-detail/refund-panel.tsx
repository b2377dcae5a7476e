// A film past its deadline unfunded: an investor sees what they can take back and refunds it
// through the mode's client (refund burns the shares and returns the SOL the investment recorded).
import { Card, Heading, Text } from '@chakra-ui/react'
import { MutationButton } from '@/components/ui/mutation-button'
import { amountToSol, formatSol } from '@/lib/format'
import type { Investment, Project } from '@marquee/api-contract'
import { useInvalidate } from '@/features/mode/cluster-queries'
import { chainKeys } from '@/features/chain/chain-data-access'
import { useClientMutation } from '@/features/chain/client-mutation'
import { useTransactionLink } from '@/features/chain/chain-ui'
import { investmentKeys, useUserInvestments } from '@/features/investments/investments-data-access'
import { projectKeys } from '@/features/projects/projects-data-access'

/** SOL the wallet can take back from a film: its investments not refunded yet. */
export function refundableSol(investments: Investment[], projectId: number): number {
  return investments
    .filter((investment) => investment.projectId === projectId && !investment.refunded)
    .reduce((sum, investment) => sum + amountToSol(investment.amount), 0)
}

function useRefund() {
  const invalidate = useInvalidate((cluster) => [projectKeys.all(cluster), investmentKeys.all(cluster), chainKeys.all(cluster)])
  return useClientMutation((client, project: Project) => client.refund(project), invalidate)
}

export function RefundPanel({ project }: { project: Project }) {
  const link = useTransactionLink()
  const investments = useUserInvestments()
  const refund = useRefund()
  const refundable = refundableSol(investments.data ?? [], project.id)
  const refunded = (investments.data ?? []).some((investment) => investment.projectId === project.id && investment.refunded)
  if (refundable <= 0 && !refunded) return null
  return (
    <Card.Root borderColor="orange.300">
      <Card.Body gap="3">
        <Heading size="md">Funding closed short of its goal</Heading>
        {refundable > 0 ? (
          <>
            <Text>
              You can take back <strong data-testid="refundable">{formatSol(refundable, 3)}</strong> you invested in {project.title}.
            </Text>
            <MutationButton
              colorPalette="orange"
              alignSelf="start"
              loadingText="Refunding..."
              mutation={refund}
              input={project}
              success={(result) => ({
                title: 'Refund complete',
                description: `${formatSol(result.amountLamports ? Number(result.amountLamports) / 1e9 : refundable, 3)} has been returned to your wallet.`,
                link: link(result.txHash),
              })}
              failure="Refund failed"
            >
              Refund {formatSol(refundable, 3)}
            </MutationButton>
          </>
        ) : (
          <Text color="fg.muted">Your investment in this film has been refunded.</Text>
        )}
      </Card.Body>
    </Card.Root>
  )
}
