// @differs-on-postgres: test/all.ts runs this file on PostgreSQL too
// The embed player's state machine and viewability rule, driven event by event (no DOM, no clock),
// and the snippet the spec describes.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  AD_COUNTDOWN_SECONDS,
  SAMPLE_DURATION_SECONDS,
  UNKNOWN_CLOCK,
  canSkip,
  clockText,
  elapsedSeconds,
  filmRunning,
  filmStarted,
  formatClock,
  initialPlayerState,
  parseAdSlots,
  playerReducer,
  showsOverlay,
  type PlayerEvent,
  type PlayerOptions,
  type PlayerState,
} from '../src/player/machine.ts';
import { initialViewability, observeRatio, playStarted, viewDue, viewReported } from '../src/player/viewability.ts';
import { embedSnippet, playerUrl } from '../src/player/snippet.ts';
import { playerPage } from '../src/player/page.ts';
import type { PlayerPageConfig } from '../src/player/client.ts';

const ALL_SLOTS: PlayerOptions = { slots: ['pre-roll', 'mid-roll', 'overlay'], revenuePerViewLamports: 15_000 };

function run(state: PlayerState, events: PlayerEvent[], options = ALL_SLOTS): PlayerState {
  return events.reduce((current, event) => playerReducer(current, event, options), state);
}
const times = (n: number, event: PlayerEvent) => Array.from({ length: n }, () => event);
const sitThroughAd = [...times(AD_COUNTDOWN_SECONDS, { type: 'adSecond' } as const), { type: 'skip' } as const];

describe('player state machine', () => {
  test('idle → pre-roll with a 5 s countdown → Skip Ad → playing', () => {
    let state = initialPlayerState();
    assert.equal(state.phase, 'idle');
    state = run(state, [{ type: 'play' }]);
    assert.equal(state.phase, 'preRoll');
    assert.equal(state.adSecondsLeft, 5);
    assert.equal(canSkip(state), false);
    assert.equal(run(state, [{ type: 'skip' }]).phase, 'preRoll', 'Skip Ad does nothing before the countdown ends');
    state = run(state, times(4, { type: 'adSecond' }));
    assert.equal(state.adSecondsLeft, 1);
    assert.equal(canSkip(state), false);
    state = run(state, [{ type: 'adSecond' }]);
    assert.equal(canSkip(state), true);
    assert.equal(run(state, [{ type: 'adSecond' }]).adSecondsLeft, 0, 'the countdown stops at 0');
    state = run(state, [{ type: 'skip' }]);
    assert.equal(state.phase, 'playing');
    assert.equal(filmStarted(state), true);
  });

  test('progress advances 0.2% per tick only while playing, and the film ends at 100%', () => {
    let state = run(initialPlayerState(), [{ type: 'progressTick' }]);
    assert.equal(state.progress, 0, 'no progress while idle');
    state = run(state, [{ type: 'play' }, { type: 'progressTick' }]);
    assert.equal(state.progress, 0, 'no progress during the pre-roll');
    state = run(state, [...sitThroughAd, { type: 'progressTick' }]);
    assert.equal(state.progress, 0.2);
    state = run(state, times(100, { type: 'progressTick' }));
    assert.equal(state.progress, 20.2);
    state = run(state, [...times(49, { type: 'progressTick' })]);
    assert.equal(state.progress, 30);
    assert.equal(state.phase, 'midRoll');
    state = run(state, [...sitThroughAd, ...times(2000, { type: 'progressTick' })]);
    assert.equal(state.progress, 100);
    assert.equal(state.phase, 'ended');
  });

  test('the mid-roll triggers once, when progress crosses 30%', () => {
    let state = run(initialPlayerState(), [{ type: 'play' }, ...sitThroughAd, ...times(149, { type: 'progressTick' })]);
    assert.equal(state.progress, 29.8);
    assert.equal(state.phase, 'playing');
    state = run(state, [{ type: 'progressTick' }]);
    assert.equal(state.phase, 'midRoll');
    assert.equal(state.adSecondsLeft, 5);
    assert.equal(run(state, [{ type: 'progressTick' }]).progress, 30, 'the film waits during the mid-roll');
    state = run(state, sitThroughAd);
    assert.equal(state.phase, 'playing');
    state = run(state, [{ type: 'progressTo', percent: 10 }, { type: 'progressTo', percent: 45 }]);
    assert.equal(state.progress, 45, 'progress never goes back');
    assert.equal(state.phase, 'playing', 'no second mid-roll');
    // A video jumping past 30% at once still breaks for the mid-roll.
    const jumped = run(initialPlayerState(), [{ type: 'play' }, ...sitThroughAd, { type: 'progressTo', percent: 42 }]);
    assert.equal(jumped.phase, 'midRoll');
  });

  test('the view and revenue counters rise after each skipped ad', () => {
    let state = run(initialPlayerState({ views: 10, revenueLamports: 150_000 }), [{ type: 'play' }]);
    assert.deepEqual([state.views, state.revenueLamports], [10, 150_000]);
    state = run(state, sitThroughAd);
    assert.deepEqual([state.views, state.revenueLamports], [11, 165_000]);
    state = run(state, [...times(150, { type: 'progressTick' }), ...sitThroughAd]);
    assert.deepEqual([state.views, state.revenueLamports], [12, 180_000]);
  });

  test('ad slots: without pre-roll the film starts at once, without mid-roll it plays through, overlay until dismissed', () => {
    const overlayOnly: PlayerOptions = { slots: ['overlay'], revenuePerViewLamports: 15_000 };
    let state = run(initialPlayerState(), [{ type: 'play' }], overlayOnly);
    assert.equal(state.phase, 'playing');
    assert.equal(showsOverlay(state, overlayOnly), true);
    state = run(state, times(200, { type: 'progressTick' }), overlayOnly);
    assert.equal(state.phase, 'playing');
    assert.equal(state.progress, 40);
    state = run(state, [{ type: 'dismissOverlay' }], overlayOnly);
    assert.equal(showsOverlay(state, overlayOnly), false);
    const noOverlay: PlayerOptions = { slots: ['pre-roll'], revenuePerViewLamports: 0 };
    assert.equal(showsOverlay(run(initialPlayerState(), [{ type: 'play' }, ...sitThroughAd], noOverlay), noOverlay), false);
    assert.equal(showsOverlay(run(initialPlayerState(), [{ type: 'play' }]), ALL_SLOTS), false, 'no overlay over an ad');
  });

  test('the sample duration is 02:15:36 and the clock follows progress', () => {
    assert.equal(formatClock(SAMPLE_DURATION_SECONDS), '02:15:36');
    assert.equal(formatClock(elapsedSeconds(50, SAMPLE_DURATION_SECONDS)), '01:07:48');
    assert.equal(formatClock(0), '00:00:00');
  });

  test('a film with video shows its own duration, never the sample, and counts only once its video has played', () => {
    assert.equal(clockText(50, 4), '00:00:02 / 00:00:04');
    assert.equal(clockText(0, null), `00:00:00 / ${UNKNOWN_CLOCK}`, 'a duration not known yet is not 02:15:36');
    assert.equal(clockText(0, SAMPLE_DURATION_SECONDS), '00:00:00 / 02:15:36', 'a film without video keeps the sample');
    const playing = run(initialPlayerState(), [{ type: 'play' }, ...sitThroughAd]);
    assert.equal(filmStarted(playing, { currentTime: 0 }), false, 'a stalled or blocked video is no film being watched');
    assert.equal(filmStarted(playing, { currentTime: 0.4 }), true);
    assert.equal(filmStarted(run(initialPlayerState(), [{ type: 'play' }]), { currentTime: 0.4 }), false, 'nor is the pre-roll');
  });

  test('Pause holds the playing film (its clock and its video) and Resume plays it on; no pause during an ad', () => {
    let state = run(initialPlayerState(), [{ type: 'play' }]);
    assert.equal(run(state, [{ type: 'togglePause' }]).paused, false, 'no pause during the pre-roll');
    state = run(state, [...sitThroughAd, ...times(10, { type: 'progressTick' } as const), { type: 'togglePause' }]);
    assert.deepEqual([state.paused, filmRunning(state), state.progress], [true, false, 2]);
    state = run(state, times(10, { type: 'progressTick' }));
    assert.equal(state.progress, 2, 'the clock stands still while paused');
    state = run(state, [{ type: 'togglePause' }, ...times(10, { type: 'progressTick' } as const)]);
    assert.deepEqual([state.paused, filmRunning(state), state.progress], [false, true, 4]);
  });

  test("the film's video keeps its poster as the still", () => {
    const config = { title: 'Film', videoUrl: '/api/media/abc' } as PlayerPageConfig;
    assert.match(playerPage(config, '/api/demo/posters/3.svg', 'n'), /<video id="video" src="\/api\/media\/abc" poster="\/api\/demo\/posters\/3\.svg"/);
    assert.doesNotMatch(playerPage({ ...config, videoUrl: null }, '/api/demo/posters/3.svg', 'n'), /<video id="video"/);
  });

  test("a poster URL cannot leave its CSS string: quotes, parentheses and backslashes are escaped", () => {
    const config = { title: 'Film', videoUrl: null } as unknown as PlayerPageConfig;
    const page = playerPage(config, "https://cdn.example/p.png'); background: url(https://evil.example/x) ;('", 'n');
    const style = /<div id="stage" style="([^"]*)"/.exec(page)![1].replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
    assert.equal(style, "background-image:url('https://cdn.example/p.png\\27 \\29 ; background: url\\28 https://evil.example/x\\29  ;\\28 \\27 ')");
    assert.match(playerPage(config, '/api/demo/posters/3.svg', 'n'), /style="background-image:url\(&#39;\/api\/demo\/posters\/3\.svg&#39;\)"/);
  });

  test('ad slots are read from the snippet in the spec order', () => {
    assert.deepEqual(parseAdSlots(undefined), ['pre-roll', 'mid-roll', 'overlay']);
    assert.deepEqual(parseAdSlots('overlay, pre-roll,banner'), ['pre-roll', 'overlay']);
    assert.deepEqual(parseAdSlots('banner'), []);
  });
});

describe('viewability: a view once per play, after 2 s at ≥ 50% visible', () => {
  const MIN = 2000;

  test('needs a play, the film started and 2 continuous visible seconds', () => {
    let state = observeRatio(initialViewability, 1, 0);
    assert.equal(viewDue(state, true, 5000, MIN), false, 'no play yet');
    state = playStarted(state, 'n1', 1000);
    assert.equal(viewDue(state, false, 5000, MIN), false, 'the film has not started');
    assert.equal(viewDue(state, true, 2999, MIN), false, 'visibility before the play does not count');
    assert.equal(viewDue(state, true, 3000, MIN), true);
    state = viewReported(state);
    assert.equal(viewDue(state, true, 9000, MIN), false, 'once per play');
    state = playStarted(state, 'n2', 9000);
    assert.equal(viewDue(state, true, 11_000, MIN), true, 'a new play reports again');
  });

  test('dropping under 50% restarts the 2 s', () => {
    let state = playStarted(initialViewability, 'n', 0);
    state = observeRatio(state, 0.6, 0);
    state = observeRatio(state, 0.49, 1500);
    assert.equal(viewDue(state, true, 2500, MIN), false, 'hidden');
    state = observeRatio(state, 0.5, 2500);
    assert.equal(viewDue(state, true, 4000, MIN), false, 'only 1.5 s since visible again');
    state = observeRatio(state, 0.9, 3000);
    assert.equal(viewDue(state, true, 4500, MIN), true, 'still the stretch that began at 2.5 s');
  });
});

describe('embed snippet', () => {
  test('an iframe, the loader script, the publisher id and the ad slots; the loader gets container, projectId, adUnit and website', () => {
    const snippet = embedSnippet({
      origin: 'https://marquee.example',
      cluster: 'demo',
      projectId: 7,
      embedId: 'embed-7-1700000000000',
      publisherId: 'Pub1111',
      website: 'https://films.example',
    });
    assert.match(snippet, /<iframe src="https:\/\/marquee.example\/player\/7\?embed=embed-7-1700000000000&amp;publisher=Pub1111&amp;slots=pre-roll%2Cmid-roll%2Coverlay"/);
    assert.match(snippet, /data-publisher-id="Pub1111"/);
    assert.match(snippet, /data-ad-slots="pre-roll,mid-roll,overlay"/);
    assert.match(snippet, /<script async src="https:\/\/marquee.example\/player\/loader.js"><\/script>/);
    const init = JSON.parse(/\.push\((.*)\);<\/script>/.exec(snippet)![1]);
    assert.deepEqual(init, {
      container: 'marquee-player-embed-7-1700000000000',
      projectId: 7,
      embedId: 'embed-7-1700000000000',
      publisherId: 'Pub1111',
      adUnit: 'mid-roll',
      adSlots: ['pre-roll', 'mid-roll', 'overlay'],
      website: 'https://films.example',
    });
    assert.match(snippet, /<div id="marquee-player-embed-7-1700000000000"/);
  });

  test("a film's generic code has placeholders; another cluster is named in the URLs", () => {
    const snippet = embedSnippet({ origin: 'https://m.example', cluster: 'devnet', projectId: 3 });
    assert.match(snippet, /data-publisher-id="YOUR_PUBLISHER_ID"/);
    assert.match(snippet, /"website":"https:\/\/your-website.example"/);
    assert.match(snippet, /"cluster":"devnet"/);
    assert.equal(playerUrl({ origin: 'https://m.example', cluster: 'devnet', projectId: 3 }), 'https://m.example/player/3?cluster=devnet&slots=pre-roll%2Cmid-roll%2Coverlay');
  });

  test('a website with markup cannot break out of the snippet', () => {
    const snippet = embedSnippet({ origin: 'https://m.example', cluster: 'demo', projectId: 1, embedId: 'e', publisherId: 'p', website: 'https://x.example/"></script><script>alert(1)</script>' });
    assert.equal(snippet.match(/<\/script>/g)!.length, 2);
  });
});
