// The embed player's state machine (the player demo): idle → pre-roll ad with a 5 s
// countdown → Skip Ad → playing; a mid-roll ad when progress crosses 30%; progress 0.2% per 200 ms
// tick for a film without video (a film with video follows its real progress and duration); the view
// and revenue counters rise after each skipped ad.
// Pure and dependency-free: the player page's script and the tests drive the same reducer.

/** The pre-roll (and mid-roll) ad runs 5 s before Skip Ad appears. */
export const AD_COUNTDOWN_SECONDS = 5;
/** The mid-roll ad triggers when progress crosses 30%. */
export const MID_ROLL_AT_PERCENT = 30;
/** Progress advances 0.2% every 200 ms. */
export const PROGRESS_STEP_PERCENT = 0.2;
export const PROGRESS_TICK_MS = 200;
/** The duration shown for a film without video, 02:15:36. */
export const SAMPLE_DURATION_SECONDS = 2 * 3600 + 15 * 60 + 36;

/** The ad slots of the embed snippet. */
export const AD_SLOTS = ['pre-roll', 'mid-roll', 'overlay'] as const;
export type AdSlot = (typeof AD_SLOTS)[number];

export type PlayerPhase = 'idle' | 'preRoll' | 'playing' | 'midRoll' | 'ended';

export interface PlayerState {
  phase: PlayerPhase;
  /** Seconds before Skip Ad appears, while an ad runs. */
  adSecondsLeft: number;
  /** Film progress in percent, 0 to 100. */
  progress: number;
  midRollPlayed: boolean;
  overlayDismissed: boolean;
  /** The viewer paused the film (Pause; Resume plays it on). */
  paused: boolean;
  /** The counters shown under the player: views and revenue (lamports), rising after each skipped ad. */
  views: number;
  revenueLamports: number;
}

export interface PlayerOptions {
  slots: readonly AdSlot[];
  /** What one ad view earns, added to the revenue counter when an ad is skipped. */
  revenuePerViewLamports: number;
}

export type PlayerEvent =
  | { type: 'play' }
  /** One second of the running ad. */
  | { type: 'adSecond' }
  | { type: 'skip' }
  /** One 200 ms tick of a film without video. */
  | { type: 'progressTick' }
  /** Progress reported by a real video element. */
  | { type: 'progressTo'; percent: number }
  | { type: 'dismissOverlay' }
  /** Pause or Resume, while the film plays. */
  | { type: 'togglePause' };

export function initialPlayerState(counters: { views: number; revenueLamports: number } = { views: 0, revenueLamports: 0 }): PlayerState {
  return { phase: 'idle', adSecondsLeft: 0, progress: 0, midRollPlayed: false, overlayDismissed: false, paused: false, ...counters };
}

const startAd = (state: PlayerState, phase: 'preRoll' | 'midRoll'): PlayerState => ({
  ...state,
  phase,
  adSecondsLeft: AD_COUNTDOWN_SECONDS,
  midRollPlayed: state.midRollPlayed || phase === 'midRoll',
});

/** Moves progress forward, breaking for the mid-roll ad when it crosses the threshold. */
function advance(state: PlayerState, percent: number, options: PlayerOptions): PlayerState {
  // Rounded to a thousandth so 0.2% steps add up exactly (1500 ticks reach 100%, 150 reach 30%).
  const progress = Math.min(100, Math.round(Math.max(state.progress, percent) * 1000) / 1000);
  const crossed = state.progress < MID_ROLL_AT_PERCENT && progress >= MID_ROLL_AT_PERCENT;
  const next = { ...state, progress };
  if (crossed && !state.midRollPlayed && options.slots.includes('mid-roll')) return startAd(next, 'midRoll');
  return progress >= 100 ? { ...next, phase: 'ended' } : next;
}

export function playerReducer(state: PlayerState, event: PlayerEvent, options: PlayerOptions): PlayerState {
  switch (event.type) {
    case 'play':
      if (state.phase !== 'idle') return state;
      return options.slots.includes('pre-roll') ? startAd(state, 'preRoll') : { ...state, phase: 'playing' };
    case 'adSecond':
      if (!isAdPhase(state.phase) || state.adSecondsLeft === 0) return state;
      return { ...state, adSecondsLeft: state.adSecondsLeft - 1 };
    case 'skip':
      if (!canSkip(state)) return state;
      return {
        ...state,
        phase: state.progress >= 100 ? 'ended' : 'playing',
        views: state.views + 1,
        revenueLamports: state.revenueLamports + options.revenuePerViewLamports,
      };
    case 'progressTick':
      return filmRunning(state) ? advance(state, state.progress + PROGRESS_STEP_PERCENT, options) : state;
    case 'progressTo':
      return state.phase === 'playing' ? advance(state, event.percent, options) : state;
    case 'dismissOverlay':
      return { ...state, overlayDismissed: true };
    case 'togglePause':
      return state.phase === 'playing' ? { ...state, paused: !state.paused } : state;
  }
}

/** The film runs: it plays and the viewer has not paused it (its clock or its video moves). */
export const filmRunning = (state: PlayerState) => state.phase === 'playing' && !state.paused;

export const isAdPhase = (phase: PlayerPhase): phase is 'preRoll' | 'midRoll' => phase === 'preRoll' || phase === 'midRoll';

/** Skip Ad appears once the ad's countdown has run out. */
export const canSkip = (state: PlayerState) => isAdPhase(state.phase) && state.adSecondsLeft === 0;

/** The overlay ad shows over the playing film until dismissed. */
export const showsOverlay = (state: PlayerState, options: PlayerOptions) =>
  state.phase === 'playing' && !state.overlayDismissed && options.slots.includes('overlay');

/** What the viewability rule reads of a film's video element. */
export interface VideoProgress {
  currentTime: number;
}

/**
 * The film has started: the pre-roll is behind it and, for a film with video, the video itself has
 * played (a stalled or blocked video is a poster under a clock, not a film being watched).
 */
export const filmStarted = (state: PlayerState, video: VideoProgress | null = null) =>
  (state.phase === 'playing' || state.phase === 'midRoll' || state.phase === 'ended') && (video === null || video.currentTime > 0);

/** hh:mm:ss, as the spec writes the sample duration (02:15:36). */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/** The elapsed time of a film at some progress. */
export const elapsedSeconds = (progress: number, durationSeconds: number) => (progress / 100) * durationSeconds;

/** What a duration not known yet shows: a film with video waits for its real one, never the sample's. */
export const UNKNOWN_CLOCK = '--:--:--';

/** The clock under the player: elapsed / duration; `durationSeconds` null while a video's is unknown. */
export function clockText(progress: number, durationSeconds: number | null): string {
  if (durationSeconds === null) return `${formatClock(0)} / ${UNKNOWN_CLOCK}`;
  return `${formatClock(elapsedSeconds(progress, durationSeconds))} / ${formatClock(durationSeconds)}`;
}

/** The slots a snippet asked for, in the spec's order; unknown names are ignored, none means all. */
export function parseAdSlots(text: string | null | undefined): AdSlot[] {
  if (!text) return [...AD_SLOTS];
  const asked = new Set(text.split(',').map((slot) => slot.trim()));
  return AD_SLOTS.filter((slot) => asked.has(slot));
}

/**
 * The slot whose ad a play pays for, among the slots with an ad: the first slot a campaign filled,
 * else the first slot (the house ad, which pays nothing). The ad server tickets this slot's ad at
 * Play (routes.ts playAds); the player presents that ticket with its view (playTicket).
 */
export function playedSlot(slots: readonly AdSlot[], ads: Partial<Record<AdSlot, { campaign: string | null }>>): AdSlot | undefined {
  const served = slots.filter((slot) => ads[slot]);
  return served.find((slot) => ads[slot]!.campaign) ?? served[0];
}

/**
 * The ad ticket a play presents with its view: that of the slot it pays for (playedSlot) among the
 * ads that carry one; null when none does (no registered embed, or no embedding page the server
 * could see).
 */
export function playTicket(
  slots: readonly AdSlot[],
  ads: Partial<Record<AdSlot, { campaign: string | null; ticket: string | null }>>,
): { slot: AdSlot; ticket: string } | null {
  const slot = playedSlot(
    slots.filter((candidate) => ads[candidate]?.ticket),
    ads,
  );
  return slot ? { slot, ticket: ads[slot]!.ticket! } : null;
}
