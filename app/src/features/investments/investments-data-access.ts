// The connected wallet's investments (GET /api/investments/user/{wallet}) and portfolio maths.
import { amountToSol } from '@/lib/format'
import type { Cluster } from '@/lib/api'
import type { Investment, Project } from '@marquee/api-contract'
import { useWalletApiQuery } from '@/features/mode/cluster-queries'

export const investmentKeys = {
  all: (cluster: Cluster) => ['investments', cluster] as const,
  user: (cluster: Cluster, walletAddress: string | null) => [...investmentKeys.all(cluster), 'user', walletAddress] as const,
}

/** Investments of the connected wallet; the API accepts the wallet address as the user id. */
export function useUserInvestments() {
  return useWalletApiQuery<Investment[]>(investmentKeys.user, (walletAddress) => `/api/investments/user/${walletAddress}`)
}

export interface PortfolioPosition {
  projectId: number
  project: Project | undefined
  amountSol: number
  tokenShare: number
  investmentCount: number
  lastInvestedAt: string
  /** Every investment of the position was refunded (the film closed unfunded). */
  refunded: boolean
}

/** One position per project: the sum of its investments. */
export function portfolioPositions(investments: Investment[]): PortfolioPosition[] {
  const positions = new Map<number, PortfolioPosition>()
  for (const investment of investments) {
    const position = positions.get(investment.projectId) ?? {
      projectId: investment.projectId,
      project: investment.project,
      amountSol: 0,
      tokenShare: 0,
      investmentCount: 0,
      lastInvestedAt: investment.createdAt,
      refunded: true,
    }
    position.amountSol += amountToSol(investment.amount)
    position.tokenShare += investment.tokenShare
    position.investmentCount += 1
    position.refunded &&= investment.refunded === true
    if (investment.createdAt > position.lastInvestedAt) position.lastInvestedAt = investment.createdAt
    position.project ??= investment.project
    positions.set(investment.projectId, position)
  }
  return [...positions.values()].sort((a, b) => b.amountSol - a.amountSol)
}

/** SOL still invested: refunded investments went back to the wallet. */
export function totalInvestedSol(investments: Investment[]): number {
  return investments.filter((investment) => !investment.refunded).reduce((sum, investment) => sum + amountToSol(investment.amount), 0)
}
