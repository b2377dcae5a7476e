// When the player reports a view: once per play (the ad ticket it got when the viewer pressed Play),
// after the film has started and the player has been at least half visible for 2 continuous
// seconds. The page feeds it IntersectionObserver ratios and the clock; it stays pure so the tests
// can drive time.

/** At least this fraction of the player must be in the viewport. */
export const MIN_VISIBLE_RATIO = 0.5;

export interface ViewabilityState {
  /** The current play's ad ticket, or null before the first Play. */
  play: string | null;
  /** When the current continuous visible stretch began (ms), or null while hidden. */
  visibleSince: number | null;
  /** When the play started: visibility before it does not count. */
  playAt: number | null;
  reportedPlay: string | null;
}

export const initialViewability: ViewabilityState = { play: null, visibleSince: null, playAt: null, reportedPlay: null };

export function observeRatio(state: ViewabilityState, ratio: number, now: number): ViewabilityState {
  const visible = ratio >= MIN_VISIBLE_RATIO;
  if (!visible) return { ...state, visibleSince: null };
  return state.visibleSince === null ? { ...state, visibleSince: now } : state;
}

/** A play started with this ad ticket. */
export function playStarted(state: ViewabilityState, ticket: string, now: number): ViewabilityState {
  return { ...state, play: ticket, playAt: now };
}

/** True when the view of the current play should be reported now. */
export function viewDue(state: ViewabilityState, filmStarted: boolean, now: number, minVisibleMs: number): boolean {
  if (!filmStarted || state.play === null || state.playAt === null || state.visibleSince === null) return false;
  if (state.reportedPlay === state.play) return false;
  return now - Math.max(state.visibleSince, state.playAt) >= minVisibleMs;
}

export function viewReported(state: ViewabilityState): ViewabilityState {
  return { ...state, reportedPlay: state.play };
}
