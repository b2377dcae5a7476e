// The debug page's Investments tab: the wallet's investments with their transactions.
import { DataTable } from '@/components/ui/data-table'
import { amountToSol, formatDateTime, formatSol, formatTokenShare } from '@/lib/format'
import { TransactionLink } from '@/features/chain/chain-ui'
import { useUserInvestments } from '@/features/investments/investments-data-access'
import { NeedsWallet } from './debug-ui'

export function InvestmentsTab() {
  const investments = useUserInvestments()
  return (
    <NeedsWallet error={investments.error}>
      <DataTable
        scroll={false}
        rows={investments.data ?? []}
        rowKey={(investment) => investment.id}
        columns={[
          { header: 'Id', cell: (investment) => investment.id },
          { header: 'Project', cell: (investment) => investment.project?.title ?? `#${investment.projectId}` },
          { header: 'Amount', end: true, cell: (investment) => formatSol(amountToSol(investment.amount), 3) },
          { header: 'Token share', end: true, cell: (investment) => formatTokenShare(investment.tokenShare) },
          { header: 'Date', cell: (investment) => formatDateTime(investment.createdAt) },
          { header: 'Transaction', cell: (investment) => <TransactionLink signature={investment.txHash} /> },
        ]}
      />
    </NeedsWallet>
  )
}
