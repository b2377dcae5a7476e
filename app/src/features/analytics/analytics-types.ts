// Shapes of /api/analytics (docs/API.md "Analytics"); amounts are thousandths of SOL.

export interface FundingPoint {
  date: string
  invested: number
  raised: number
}

export interface DailyPoint {
  date: string
  views: number
  revenue: number
}

export interface RevenueSplit {
  publishers: number
  investors: number
  platform: number
}

export interface FilmFigures {
  projectId: number
  title: string
  status: string
  raised: number
  revenue: number
  views: number
}

export interface PlatformAnalytics {
  totals: { projects: number; funded: number; investors: number; raised: number; revenue: number; views: number }
  funding: FundingPoint[]
  daily: DailyPoint[]
  split: RevenueSplit
  projects: FilmFigures[]
}

export interface ProjectAnalytics {
  projectId: number
  title: string
  status: string
  totals: { investors: number; raised: number; revenue: number; views: number }
  funding: FundingPoint[]
  daily: DailyPoint[]
  split: RevenueSplit
}

export interface WalletAnalytics {
  totals: { invested: number; projects: number; earned: number; claimed: number }
  invested: { date: string; invested: number; total: number }[]
  revenue: { date: string; earned: number; claimed: number }[]
}
