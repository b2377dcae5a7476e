// Every screen's business constants, limits, delays and option lists, in one place; the program's
// own rules (split, minimum investment, limits, campaign prices) come from the program client.
import {
  AD_TYPES as PROGRAM_AD_TYPES,
  CAMPAIGN_SETTLEMENT_GRACE_SECONDS,
  IMPRESSIONS_PER_MILLE as PROGRAM_IMPRESSIONS_PER_MILLE,
  LAMPORTS_PER_SOL as PROGRAM_LAMPORTS_PER_SOL,
  MAX_CREATIVE_URI_LEN,
  MAX_FUNDING_DAYS,
  MAX_TITLE_LEN,
  MIN_CAMPAIGN_BATCH_IMPRESSIONS as PROGRAM_MIN_CAMPAIGN_BATCH_IMPRESSIONS,
  MIN_FUNDING_DAYS,
  MIN_INVESTMENT_SOL as PROGRAM_MIN_INVESTMENT_SOL,
  REVENUE_DISTRIBUTION_RENT_LAMPORTS as PROGRAM_REVENUE_DISTRIBUTION_RENT_LAMPORTS,
  REVENUE_SPLIT_PERCENT as PROGRAM_REVENUE_SPLIT_PERCENT,
  STANDARD_PRICE_PER_MILLE_LAMPORTS,
} from '@marquee/program-client/constants'

/** Investment amounts (SOL): the dialog checks the minimum and what is left before sending (invest-logic.ts). */
export const MIN_INVESTMENT_SOL = PROGRAM_MIN_INVESTMENT_SOL
export const INVESTMENT_STEP_SOL = 0.01
export const DEFAULT_INVESTMENT_SOL = MIN_INVESTMENT_SOL
export const ESTIMATED_GAS_FEE_SOL = 0.002

/** Displays and token-share maths use 1 SOL = 1000 USD; API `amount` fields are thousandths of SOL. */
export const USD_PER_SOL = 1000
export const AMOUNT_UNITS_PER_SOL = 1000
export const LAMPORTS_PER_SOL = PROGRAM_LAMPORTS_PER_SOL

/** Revenue split of every distribution, in percent. */
export const REVENUE_SPLIT_PERCENT = { ...PROGRAM_REVENUE_SPLIT_PERCENT, chainFees: 0 } as const

/** Demo mode: the wallet's demo keypair starts with this balance (the server funds it). */
export const DEMO_STARTING_BALANCE_SOL = 15.75

/** A view counts once the player stayed visible this long after Play (the server's rule; Simulate View waits it out). */
export const MIN_VIEW_WATCH_MS = 2000

/** Toasts: one visible at a time, 5 s each, F8 focuses the region, swipe right 50 px dismisses. */
export const TOAST_DURATION_MS = 5000
export const TOAST_MAX_VISIBLE = 1
export const TOAST_HOTKEY = ['F8']
export const TOAST_SWIPE_THRESHOLD_PX = 50

/** Tooltips open after 700 ms; another one opened within 300 ms of a close opens at once. */
export const TOOLTIP_OPEN_DELAY_MS = 700
export const TOOLTIP_SKIP_WINDOW_MS = 300

/** Wallet modal closes this long after a choice (wallet-adapter-react-ui does it). */
export const WALLET_MODAL_CLOSE_DELAY_MS = 150
export const WALLET_NAME_STORAGE_KEY = 'walletName'
/**
 * The Marquee Demo Wallet's name in the wallet list. Here, not in its adapter: the header and /login
 * compare against it without loading @solana/web3.js, which the adapter needs.
 */
export const DEMO_WALLET_NAME = 'Marquee Demo Wallet'
/** Where the Marquee Demo Wallet keeps its burner key (Demo mode only; a key for play money, never for real funds). */
export const DEMO_WALLET_KEY_STORAGE_KEY = 'marqueeDemoWalletKey'
/** How often the header asks for the signed-in wallet's notifications. */
export const NOTIFICATIONS_REFRESH_MS = 30_000
export const MODE_STORAGE_KEY = 'marqueeMode'
/** The mode as a cookie too: the server's prerender of the marketplace draws it in the visitor's mode. */
export const MODE_COOKIE_NAME = 'marquee-mode'
export const MODE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60
/** Placeholder password of the spec's user registration (identity is the wallet). */
export const USER_PASSWORD_PLACEHOLDER = 'wallet-auth'

export const FEATURED_PROJECTS_LIMIT = 5
export const DASHBOARD_CARD_COUNT = 4
export const MARKETPLACE_SKELETON_COUNT = 8
/** Marketplace pages of the server's cursor pagination (24 = 6 rows of the 4-column grid). */
export const MARKETPLACE_PAGE_SIZE = 24
/** The marketplace asks the server after typing pauses this long (loaded cards filter at once). */
export const MARKETPLACE_SEARCH_DEBOUNCE_MS = 80
/** The next page is requested when the end of the grid comes this close to the screen. */
export const MARKETPLACE_PREFETCH_MARGIN_PX = 800
/** Cards the grid draws first (two rows of four fill a 1440×900 screen); the rest of a page render right after, in the background. */
export const MARKETPLACE_FIRST_SCREEN_CARDS = 8

/** Recommendations and achievements are computed client-side after these delays. */
export const RECOMMENDATIONS_DELAY_MS = 1500
export const RECOMMENDATIONS_COUNT = 3
export const RECOMMENDATION_FUNDING_WEIGHT = 40
export const RECOMMENDATION_DEADLINE_WINDOW_DAYS = 10
export const RECOMMENDATION_DEADLINE_POINTS_PER_DAY = 2
export const RECOMMENDATION_SIGNAL_MAX_POINTS = 20
export const ACHIEVEMENTS_DELAY_MS = 800

/** Checkout: processing lasts at least 1.5 s, then success redirects after 2 s. */
export const CHECKOUT_PROCESSING_MIN_MS = 1500
export const CHECKOUT_REDIRECT_DELAY_MS = 2000

/** Claim screen: progress rises 5 points every 150 ms; success redirects after 3 s. */
export const CLAIM_PROGRESS_STEP = 5
export const CLAIM_PROGRESS_INTERVAL_MS = 150
export const CLAIM_PROGRESS_CONFIRMING_FROM = 50
export const CLAIM_REDIRECT_DELAY_MS = 3000

/** Test revenue: a random amount from 0.5 to 10 SOL with 2 decimals. */
export const TEST_REVENUE_MIN_SOL = 0.5
export const TEST_REVENUE_MAX_SOL = 10

/** Platform-wide revenue dashboard controls. */
export const DISTRIBUTION_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const
export const DEFAULT_DISTRIBUTION_FREQUENCY = 'weekly'
export const DISTRIBUTION_MIN_THRESHOLD_SOL = 50
export const REVENUE_PERIODS = [
  { value: '7d', label: '7 days', days: 7 },
  { value: '30d', label: '30 days', days: 30 },
  { value: '90d', label: '90 days', days: 90 },
  { value: '12m', label: '12 months', days: 365 },
] as const
export const DEFAULT_REVENUE_PERIOD = '30d'
export const PROJECT_FILTERS = [
  { value: 'all', label: 'All projects' },
  { value: 'funded', label: 'Funded only' },
  { value: 'funding', label: 'In funding' },
] as const

/** Network. */
export const DEVNET_RPC_URL: string = import.meta.env.VITE_DEVNET_RPC_URL || 'https://api.devnet.solana.com'
export const COMMITMENT = 'confirmed' as const
export const EXPLORER_TX_URL = (signature: string) => `https://explorer.solana.com/tx/${signature}?cluster=devnet`

export const MS_PER_DAY = 86_400_000

/** Studio listing form: release year range, minimum goal (USD), licence types, thumbnail rules. */
export const MIN_RELEASE_YEAR = 1900
export const MAX_RELEASE_YEAR = 2025
export const MIN_FUNDING_GOAL_USD = 1
export const LICENSE_TYPES = [
  'Exclusive Streaming',
  'Non-Exclusive Streaming',
  'Limited Distribution',
  'Worldwide Distribution',
] as const
export const DEFAULT_LICENSE_TYPE = LICENSE_TYPES[0]
export const THUMBNAIL_TYPES = ['image/jpeg', 'image/png'] as const
export const THUMBNAIL_MAX_BYTES = 10 * 1024 * 1024
/** The program's title limit (bytes), checked before anything is sent. */
export const MAX_TITLE_BYTES = MAX_TITLE_LEN
/** A funding window the program accepts when the platform states none: the deadline must be in the future. */
export const MIN_FUNDING_WINDOW_DAYS = MIN_FUNDING_DAYS
export const MAX_FUNDING_WINDOW_DAYS = MAX_FUNDING_DAYS

/** Studio portal: listing and minting each take at least 2 s, even when the chain is faster. */
export const LISTING_MIN_MS = 2000
export const MINT_MIN_MS = 2000
/** Summary cards compare the last period with the one before it. */
export const STUDIO_SUMMARY_PERIOD_DAYS = 30

/** Studio verification: document review estimate, review time, documents per application. */
export const VERIFICATION_ESTIMATE_HOURS = 24
export const VERIFICATION_REVIEW_DAYS = '1-2'
export const VERIFICATION_DOCUMENT_MAX = 5
/** The demo chain's own view of one of its transactions (served by the API). */
export const DEMO_TX_URL = (signature: string) => `/api/demo/transactions/${signature}`

/** Collaboration hub: the chat panel's height and the limits the server also enforces. */
export const CHAT_PANEL_HEIGHT_PX = 500
export const CHAT_MESSAGE_MAX_LENGTH = 1000
export const TOP_INVESTORS_SHOWN = 5

/** Debug page: the invest amount is in thousandths of SOL; embeds default to this site. */
export const DEBUG_DEFAULT_INVESTMENT_AMOUNT = 1000
export const DEBUG_DEFAULT_WEBSITE_URL = 'https://example.com'

/**
 * Advertising (the plans' prices; the program's constants.rs): prices per 1,000 impressions at
 * 1 SOL = 1000 USD, the smallest budget (one settlement batch of 1,000 impressions), the grace
 * after a campaign's end before it can be closed, and the creative rules of the media store.
 */
export const IMPRESSIONS_PER_MILLE = PROGRAM_IMPRESSIONS_PER_MILLE
export const AD_PRICE_PER_MILLE_USD = { display: 5, video: 15 } as const
export const AD_PRICE_PER_MILLE_LAMPORTS = STANDARD_PRICE_PER_MILLE_LAMPORTS
export const MIN_CAMPAIGN_BATCH_IMPRESSIONS = PROGRAM_MIN_CAMPAIGN_BATCH_IMPRESSIONS
/** What each settlement's distribution account costs the campaign in rent, beyond the batch (a day's cap must cover one). */
export const REVENUE_DISTRIBUTION_RENT_LAMPORTS = PROGRAM_REVENUE_DISTRIBUTION_RENT_LAMPORTS
export const CAMPAIGN_SETTLEMENT_GRACE_DAYS = CAMPAIGN_SETTLEMENT_GRACE_SECONDS / (MS_PER_DAY / 1000)
export const VIDEO_AD_LENGTHS_SECONDS = [15, 30, 60] as const
export const AD_SKIP_AFTER_SECONDS = 5
export const AD_TYPES = PROGRAM_AD_TYPES
export const TARGET_AUDIENCES = ['all', '18-24', '25-34', '35-44', '45+', 'custom'] as const
export const DEFAULT_TARGET_AUDIENCE = 'all'
export const MONTHLY_BUDGET_PLACEHOLDER = '$1,000'
export const CREATIVE_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const
export const CREATIVE_IMAGE_MAX_BYTES = 10 * 1024 * 1024
export const CREATIVE_VIDEO_TYPES = ['video/mp4', 'video/webm'] as const
export const CREATIVE_VIDEO_MAX_BYTES = 50 * 1024 * 1024
/** A listed film's video goes to the same media store, under the same types and limit as a video creative. */
export const FILM_VIDEO_TYPES = CREATIVE_VIDEO_TYPES
export const FILM_VIDEO_MAX_BYTES = CREATIVE_VIDEO_MAX_BYTES
/** How long the listing waits for a video URL's metadata before calling it unreachable. */
export const VIDEO_PROBE_TIMEOUT_MS = 15_000
/** The program's creative URI limit (bytes). */
export const MAX_CREATIVE_URI_BYTES = MAX_CREATIVE_URI_LEN
/** Demo chain clock advance (POST /api/demo/clock/advance): the debug page's step, the server's cap. */
export const DEBUG_CLOCK_ADVANCE_DAYS = 8
export const MAX_CLOCK_ADVANCE_DAYS = 30

/** Publisher program application: the Monthly Visitors and Website Category choices. */
export const MONTHLY_VISITOR_RANGES = ['1-5k', '5-25k', '25-100k', '100k-500k', '500k+'] as const
export const WEBSITE_CATEGORIES = ['entertainment', 'news', 'blog', 'community', 'streaming', 'other'] as const
