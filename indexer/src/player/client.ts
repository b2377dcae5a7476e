// The player page's script (bundled for the browser by ./bundle.ts): renders the state machine of
// ./machine.ts into the page, runs its clocks, asks for a play nonce when a counted embed starts
// and reports the view under the rules of ./viewability.ts.
import {
  AD_COUNTDOWN_SECONDS,
  PROGRESS_TICK_MS,
  canSkip,
  elapsedSeconds,
  filmStarted,
  formatClock,
  initialPlayerState,
  isAdPhase,
  playerReducer,
  showsOverlay,
  type AdSlot,
  type PlayerEvent,
  type PlayerState,
} from './machine.ts';
import { initialViewability, nonceIssued, observeRatio, viewDue, viewReported } from './viewability.ts';
import type { Ad } from './ads.ts';

export interface PlayerPageConfig {
  projectId: number;
  title: string;
  cluster: string;
  /** Set when this page plays a registered embed whose views count. */
  embedId: string | null;
  /** The origin of the page embedding the player, as the server saw it. */
  website: string | null;
  /** Why views of this page are not counted, or null when they are. */
  notCounting: string | null;
  slots: AdSlot[];
  ads: Partial<Record<AdSlot, Ad>>;
  videoUrl: string | null;
  sampleDurationSeconds: number;
  minVisibleMs: number;
  revenuePerViewLamports: number;
  counters: { views: number; revenueLamports: number };
}

const LAMPORTS_PER_SOL = 1_000_000_000;
const VIEW_CHECK_INTERVAL_MS = 250;

const config = JSON.parse(document.getElementById('player-config')!.textContent!) as PlayerPageConfig;
const options = { slots: config.slots, revenuePerViewLamports: config.revenuePerViewLamports };
const element = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

let state: PlayerState = initialPlayerState(config.counters);
let viewability = initialViewability;
let adTimer: ReturnType<typeof setInterval> | null = null;
let progressTimer: ReturnType<typeof setInterval> | null = null;
const video = config.videoUrl ? element<HTMLVideoElement>('video') : null;

function dispatch(event: PlayerEvent) {
  const before = state;
  state = playerReducer(state, event, options);
  if (state !== before) syncClocks(before);
  render();
}

/** Starts each clock when its phase begins and stops it when the phase ends. */
function syncClocks(before: PlayerState) {
  const adStarted = isAdPhase(state.phase) && (!isAdPhase(before.phase) || before.phase !== state.phase);
  if (adStarted || !isAdPhase(state.phase)) {
    if (adTimer) clearInterval(adTimer);
    adTimer = adStarted ? setInterval(() => dispatch({ type: 'adSecond' }), 1000) : null;
  }
  const playing = state.phase === 'playing';
  if (video) {
    if (playing && video.paused) void video.play().catch(() => undefined);
    if (!playing && !video.paused) video.pause();
  } else if (playing && !progressTimer) {
    progressTimer = setInterval(() => dispatch({ type: 'progressTick' }), PROGRESS_TICK_MS);
  } else if (!playing && progressTimer) {
    clearInterval(progressTimer);
    progressTimer = null;
  }
}

function durationSeconds(): number {
  return video && Number.isFinite(video.duration) ? video.duration : config.sampleDurationSeconds;
}

function render() {
  const ad = isAdPhase(state.phase) ? config.ads[state.phase === 'preRoll' ? 'pre-roll' : 'mid-roll'] : undefined;
  element('idle').hidden = state.phase !== 'idle';
  element('ad').hidden = !ad;
  if (ad) {
    element('ad-label').textContent = `Ad · ${ad.advertiser}`;
    element('ad-headline').textContent = ad.headline;
    element('ad-body').textContent = ad.body;
    element('ad-countdown').textContent = canSkip(state) ? '' : `Skip Ad in ${state.adSecondsLeft}`;
    element('skip').hidden = !canSkip(state);
  }
  const overlayAd = config.ads.overlay;
  element('overlay-ad').hidden = !(overlayAd && showsOverlay(state, options));
  element('ended').hidden = state.phase !== 'ended';
  element('bar').style.width = `${state.progress}%`;
  element('clock').textContent = `${formatClock(elapsedSeconds(state.progress, durationSeconds()))} / ${formatClock(durationSeconds())}`;
  element('views').textContent = state.views.toLocaleString('en-US');
  element('revenue').textContent = `${(state.revenueLamports / LAMPORTS_PER_SOL).toFixed(6)} SOL`;
}

async function post<T>(path: string, body: unknown): Promise<T | null> {
  const response = await fetch(`/api${path}?cluster=${encodeURIComponent(config.cluster)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    const answer = (await response.json().catch(() => null)) as { message?: string } | null;
    element('status').textContent = answer?.message ?? `The view could not be counted (${response.status})`;
    return null;
  }
  return (await response.json()) as T;
}

async function requestNonce() {
  if (!config.embedId || config.notCounting) return;
  const issued = await post<{ nonce: string }>('/views/nonce', {
    projectId: config.projectId,
    embedId: config.embedId,
    website: config.website,
  });
  if (issued) viewability = nonceIssued(viewability, issued.nonce, Date.now());
}

function reportViewWhenDue() {
  if (!viewDue(viewability, filmStarted(state), Date.now(), config.minVisibleMs)) return;
  const nonce = viewability.nonce!;
  viewability = viewReported(viewability);
  void post<{ counted: boolean; reason?: string }>('/views', {
    projectId: config.projectId,
    embedId: config.embedId,
    nonce,
    timestamp: Date.now(),
  }).then((result) => {
    if (result) element('status').textContent = result.counted ? 'View counted' : (result.reason ?? '');
  });
}

element('play').addEventListener('click', () => {
  if (state.phase !== 'idle') return;
  dispatch({ type: 'play' });
  void requestNonce();
});
element('skip').addEventListener('click', () => dispatch({ type: 'skip' }));
element('close-overlay').addEventListener('click', () => dispatch({ type: 'dismissOverlay' }));
video?.addEventListener('timeupdate', () => {
  if (Number.isFinite(video.duration) && video.duration > 0) dispatch({ type: 'progressTo', percent: (video.currentTime / video.duration) * 100 });
});
video?.addEventListener('loadedmetadata', render);

new IntersectionObserver(
  (entries) => {
    for (const entry of entries) viewability = observeRatio(viewability, entry.intersectionRatio, Date.now());
  },
  { threshold: [0, 0.25, 0.5, 0.75, 1] },
).observe(element('stage'));
setInterval(reportViewWhenDue, VIEW_CHECK_INTERVAL_MS);
if (config.notCounting) element('status').textContent = config.notCounting;
element('ad-countdown').textContent = `Skip Ad in ${AD_COUNTDOWN_SECONDS}`;
render();
