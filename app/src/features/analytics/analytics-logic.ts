// Turns the analytics answers (thousandths of SOL) into chart rows in SOL.
import { REVENUE_SPLIT_PERCENT } from '@/constants'
import { amountToSol } from '@/lib/format'
import type { DailyPoint, FilmFigures, FundingPoint, RevenueSplit, WalletAnalytics } from '@marquee/api-contract'

export const fundingRows = (points: FundingPoint[]) =>
  points.map((point) => ({ date: point.date, investedSol: amountToSol(point.invested), raisedSol: amountToSol(point.raised) }))

export const dailyRows = (points: DailyPoint[]) =>
  points.map((point) => ({ date: point.date, views: point.views, revenueSol: amountToSol(point.revenue) }))

/** The split as pie slices; empty while no revenue was distributed. */
export function splitRows(split: RevenueSplit) {
  const rows = [
    { name: `Publishers (${REVENUE_SPLIT_PERCENT.publishers}%)`, sol: amountToSol(split.publishers) },
    { name: `Investors (${REVENUE_SPLIT_PERCENT.investors}%)`, sol: amountToSol(split.investors) },
    { name: `Platform (${REVENUE_SPLIT_PERCENT.platform}%)`, sol: amountToSol(split.platform) },
  ]
  return rows.every((row) => row.sol === 0) ? [] : rows
}

export const filmRows = (films: FilmFigures[]) =>
  films.map((film) => ({ title: film.title, raisedSol: amountToSol(film.raised), revenueSol: amountToSol(film.revenue), views: film.views }))

export const walletInvestedRows = (wallet: WalletAnalytics) =>
  wallet.invested.map((point) => ({ date: point.date, investedSol: amountToSol(point.invested), totalSol: amountToSol(point.total) }))

export const walletRevenueRows = (wallet: WalletAnalytics) =>
  wallet.revenue.map((point) => ({ date: point.date, earnedSol: amountToSol(point.earned), claimedSol: amountToSol(point.claimed) }))
