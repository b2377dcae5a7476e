// The player page's script (bundled for the browser by ./bundle.ts): renders the state machine of
// ./machine.ts into the page, runs its clocks, asks the server for its slots' ads when the viewer
// presses Play (a campaign's video or image creative, or the house ad; the play's with its signed ticket),
// and reports the view of a counted embed's play with the ticket of the ad it served, under the rules
// of ./viewability.ts.
import {
  AD_COUNTDOWN_SECONDS,
  PROGRESS_TICK_MS,
  canSkip,
  clockText,
  filmRunning,
  filmStarted,
  initialPlayerState,
  isAdPhase,
  playerReducer,
  playTicket,
  showsOverlay,
  type AdSlot,
  type PlayerEvent,
  type PlayerState,
} from './machine.ts';
import { initialViewability, observeRatio, playStarted, viewDue, viewReported } from './viewability.ts';
import type { Ad } from './ads.ts';
import { adsRequestPath, viewReport, viewReportPath } from './requests.ts';

export interface PlayerPageConfig {
  projectId: number;
  title: string;
  cluster: string;
  /** Set when this page plays a registered embed whose views count. */
  embedId: string | null;
  /** The embed's publisher (film, publisher and embed id name an embed), sent with the play. */
  publisher: string | null;
  /** Why this page will not play here (framed by a site that is not the embed's verified one, or opened top-level), or null. */
  refusal: string | null;
  /** The origin of the page embedding the player, as the server saw it. */
  website: string | null;
  /** Why views of this page are not counted, or null when they are. */
  notCounting: string | null;
  /** The page's signed token (its embed and origin): the ad requests at Play send it to get fresh tickets. */
  pageToken: string | null;
  slots: AdSlot[];
  /** The ads chosen when the page was served: shown if asking again at Play fails. */
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
let ads: Partial<Record<AdSlot, Ad>> = config.ads;
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
  const playing = filmRunning(state);
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

/** The film's duration: its video's once known (null before), the spec's sample for a film without video. */
function durationSeconds(): number | null {
  if (!video) return config.sampleDurationSeconds;
  return Number.isFinite(video.duration) && video.duration > 0 ? video.duration : null;
}

/** Shows the running ad's video creative (muted, so it may autoplay) or hides it. */
function renderAdVideo(ad: Ad | undefined) {
  const adVideo = element<HTMLVideoElement>('ad-video');
  const url = ad?.creative?.kind === 'video' ? ad.creative.url : null;
  if (!url) {
    adVideo.hidden = true;
    if (!adVideo.paused) adVideo.pause();
    return;
  }
  if (adVideo.getAttribute('src') !== url) adVideo.src = url;
  adVideo.hidden = false;
  if (adVideo.paused) void adVideo.play().catch(() => undefined);
}

function render() {
  const ad = isAdPhase(state.phase) ? ads[state.phase === 'preRoll' ? 'pre-roll' : 'mid-roll'] : undefined;
  element('idle').hidden = state.phase !== 'idle';
  element('ad').hidden = !ad;
  renderAdVideo(ad);
  if (ad) {
    element('ad-label').textContent = `Ad · ${ad.advertiser}`;
    element('ad-headline').textContent = ad.creative ? '' : ad.headline;
    element('ad-body').textContent = ad.creative ? '' : ad.body;
    element('ad-countdown').textContent = canSkip(state) ? '' : `Skip Ad in ${state.adSecondsLeft}`;
    element('skip').hidden = !canSkip(state);
  }
  const overlayAd = ads.overlay;
  element('overlay-ad').hidden = !(overlayAd && showsOverlay(state, options));
  if (overlayAd) {
    element('overlay-label').textContent = `Ad · ${overlayAd.advertiser}`;
    const image = element<HTMLImageElement>('overlay-image');
    const imageUrl = overlayAd.creative?.kind === 'image' ? overlayAd.creative.url : null;
    image.hidden = !imageUrl;
    if (imageUrl && image.getAttribute('src') !== imageUrl) image.src = imageUrl;
    element('overlay-text').textContent = imageUrl ? '' : `${overlayAd.headline} ${overlayAd.body}`.trim();
  }
  element('ended').hidden = state.phase !== 'ended';
  const pause = element('pause');
  pause.hidden = state.phase !== 'playing';
  pause.textContent = state.paused ? 'Resume' : 'Pause';
  element('bar').style.width = `${state.progress}%`;
  element('clock').textContent = clockText(state.progress, durationSeconds());
  element('views').textContent = state.views.toLocaleString('en-US');
  element('revenue').textContent = `${(state.revenueLamports / LAMPORTS_PER_SOL).toFixed(6)} SOL`;
}

/** Asks the server for the slots' ads (ads.ts picks them; the play's carries its ticket); if that fails, the page's are kept. */
async function fetchAds(): Promise<void> {
  try {
    const response = await fetch(adsRequestPath(config, config.slots));
    if (response.ok) ads = ((await response.json()) as { ads: Partial<Record<AdSlot, Ad>> }).ads;
  } catch {
    // The page's ads stay: their tickets were issued when the page was served.
  }
}

async function post<T>(path: string, body: unknown): Promise<T | null> {
  const response = await fetch(path, {
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

/** The play starts with the ticket of the ad served: the server records its campaign, and counts the view for the origin it bound into it. */
function startPlay() {
  if (!config.embedId || config.notCounting) return;
  const served = playTicket(config.slots, ads);
  if (served) viewability = playStarted(viewability, served.ticket, Date.now());
}

function reportViewWhenDue() {
  if (!config.embedId || !viewDue(viewability, filmStarted(state, video), Date.now(), config.minVisibleMs)) return;
  const ticket = viewability.play!;
  viewability = viewReported(viewability);
  void post<{ counted: boolean; reason?: string }>(viewReportPath(config), viewReport({ ...config, embedId: config.embedId }, ticket, Date.now())).then((result) => {
    if (result) element('status').textContent = result.counted ? 'View counted' : (result.reason ?? '');
  });
}

let starting = false;
// The DRM promise: a page refused here (player/framing.ts) shows why and never plays.
if (config.refusal) {
  element('play').remove();
  element('status').textContent = config.refusal;
  const notice = document.createElement('p');
  notice.setAttribute('role', 'alert');
  notice.textContent = config.refusal;
  element('idle').append(notice);
}
element('play')?.addEventListener('click', async () => {
  if (state.phase !== 'idle' || starting || config.refusal) return;
  starting = true;
  await fetchAds();
  dispatch({ type: 'play' });
  startPlay();
});
element('skip').addEventListener('click', () => dispatch({ type: 'skip' }));
element('pause').addEventListener('click', () => dispatch({ type: 'togglePause' }));
element('close-overlay').addEventListener('click', () => dispatch({ type: 'dismissOverlay' }));
video?.addEventListener('timeupdate', () => {
  if (Number.isFinite(video.duration) && video.duration > 0) dispatch({ type: 'progressTo', percent: (video.currentTime / video.duration) * 100 });
});
video?.addEventListener('loadedmetadata', render);
video?.addEventListener('error', () => (element('status').textContent = 'The film’s video could not be played'));
// The last timeupdate may stop short of the duration: the end of the video is the end of the film.
video?.addEventListener('ended', () => dispatch({ type: 'progressTo', percent: 100 }));

new IntersectionObserver(
  (entries) => {
    for (const entry of entries) viewability = observeRatio(viewability, entry.intersectionRatio, Date.now());
  },
  { threshold: [0, 0.25, 0.5, 0.75, 1] },
).observe(element('stage'));
setInterval(reportViewWhenDue, VIEW_CHECK_INTERVAL_MS);
if (config.notCounting && !config.refusal) element('status').textContent = config.notCounting;
element('ad-countdown').textContent = `Skip Ad in ${AD_COUNTDOWN_SECONDS}`;
render();
