// When the player reports a view: once per play nonce, after the film has
// started and the player has been at least half visible for 2 continuous seconds. The page feeds it
// IntersectionObserver ratios and the clock; it stays pure so the tests can drive time.

/** At least this fraction of the player must be in the viewport. */
export const MIN_VISIBLE_RATIO = 0.5;

export interface ViewabilityState {
  nonce: string | null;
  /** When the current continuous visible stretch began (ms), or null while hidden. */
  visibleSince: number | null;
  /** When the play nonce arrived: visibility before the play does not count. */
  nonceAt: number | null;
  reportedNonce: string | null;
}

export const initialViewability: ViewabilityState = { nonce: null, visibleSince: null, nonceAt: null, reportedNonce: null };

export function observeRatio(state: ViewabilityState, ratio: number, now: number): ViewabilityState {
  const visible = ratio >= MIN_VISIBLE_RATIO;
  if (!visible) return { ...state, visibleSince: null };
  return state.visibleSince === null ? { ...state, visibleSince: now } : state;
}

export function nonceIssued(state: ViewabilityState, nonce: string, now: number): ViewabilityState {
  return { ...state, nonce, nonceAt: now };
}

/** True when the view of the current nonce should be reported now. */
export function viewDue(state: ViewabilityState, filmStarted: boolean, now: number, minVisibleMs: number): boolean {
  if (!filmStarted || state.nonce === null || state.nonceAt === null || state.visibleSince === null) return false;
  if (state.reportedNonce === state.nonce) return false;
  return now - Math.max(state.visibleSince, state.nonceAt) >= minVisibleMs;
}

export function viewReported(state: ViewabilityState): ViewabilityState {
  return { ...state, reportedNonce: state.nonce };
}
