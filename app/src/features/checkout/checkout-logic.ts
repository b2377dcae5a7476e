// Checkout rules: query parameters amount, projectId, title; both amount and projectId
// required and non-zero; the Pay button is disabled while processing, without a wallet, or after success.

export type CheckoutPhase = 'idle' | 'processing' | 'success'

export interface CheckoutParams {
  amount: number
  projectId: number
  title: string
}

export function checkoutPath({ amount, projectId, title }: CheckoutParams): string {
  const query = new URLSearchParams({ amount: String(amount), projectId: String(projectId), title })
  return `/checkout?${query.toString()}`
}

/** The checkout of a query string, or null when amount or projectId is missing, zero or not a number. */
export function parseCheckout(search: URLSearchParams): CheckoutParams | null {
  const amount = Number(search.get('amount') ?? '')
  const projectId = Number(search.get('projectId') ?? '')
  if (!search.get('amount') || !search.get('projectId')) return null
  if (!Number.isFinite(amount) || amount <= 0) return null
  if (!Number.isInteger(projectId) || projectId <= 0) return null
  return { amount, projectId, title: search.get('title') ?? '' }
}

export function isPayDisabled(phase: CheckoutPhase, walletConnected: boolean): boolean {
  return phase !== 'idle' || !walletConnected
}

export function payButtonLabel(amount: number): string {
  return `Pay ${amount} SOL`
}
