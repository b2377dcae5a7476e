// The HTML of the embed player page (/player/{projectId}): the markup the script of ./client.ts
// renders into, with its configuration inlined as JSON. The script itself is /player/player.js.
import type { PlayerPageConfig } from './client.ts';

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * A URL as a quoted CSS string: quotes, backslashes, parentheses and control characters as CSS
 * escapes. The attribute's HTML escaping alone is undone before CSS reads it, so a poster URL with a
 * quote could close the string and add declarations of its own.
 */
// eslint-disable-next-line no-control-regex -- control characters are what is escaped
const cssString = (text: string) => `'${text.replace(/[\\'"()\u0000-\u001f\u007f]/g, (char) => `\\${char.charCodeAt(0).toString(16)} `)}'`;

/** JSON inside <script type="application/json">: `<` escaped so no text can close the element. */
const inlineJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** `nonce`: the Content-Security-Policy nonce of the page's style element and script. */
export function playerPage(config: PlayerPageConfig, thumbnailUrl: string, nonce: string): string {
  const nonceAttribute = ` nonce="${escapeHtml(nonce)}"`;
  const background = thumbnailUrl ? ` style="background-image:url(${escapeHtml(cssString(thumbnailUrl))})"` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(config.title)} · Marquee player</title>
<style${nonceAttribute}>
  html, body { margin: 0; height: 100%; background: #000; color: #fff; font: 14px system-ui, sans-serif; }
  body { display: flex; flex-direction: column; }
  #stage { position: relative; flex: 1; min-height: 0; background: #111 center / cover no-repeat; }
  #stage video { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: contain; background: #000; }
  .screen { position: absolute; inset: 0; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 10px; background: rgba(0,0,0,.55); text-align: center; padding: 16px; }
  .screen[hidden], #overlay-ad[hidden], #skip[hidden], #ad-video[hidden], #overlay-image[hidden], #pause[hidden] { display: none; }
  #pause { padding: 2px 10px; font-size: 12px; }
  #ad-video { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: contain; background: #000; }
  #ad > span, #ad > strong, #ad > button { position: relative; }
  #overlay-image { max-height: 48px; max-width: 60%; object-fit: contain; }
  #overlay-label { font-size: 10px; text-transform: uppercase; opacity: .7; }
  #ad { background: rgba(10,10,30,.92); }
  #ad-label { font-size: 12px; text-transform: uppercase; letter-spacing: .08em; opacity: .8; }
  #ad-headline { font-size: 18px; }
  button { font: inherit; padding: 8px 16px; border-radius: 6px; border: 0; cursor: pointer; }
  #overlay-ad { position: absolute; left: 8px; right: 8px; bottom: 12px; display: flex; gap: 8px; align-items: center; justify-content: space-between; background: rgba(255,255,255,.92); color: #111; border-radius: 6px; padding: 6px 10px; font-size: 12px; }
  #close-overlay { padding: 2px 8px; }
  #track { position: absolute; left: 0; right: 0; bottom: 0; height: 4px; background: rgba(255,255,255,.2); }
  #bar { height: 100%; background: #f59e0b; width: 0; }
  #info { display: flex; justify-content: space-between; gap: 12px; padding: 6px 10px; font-size: 12px; background: #0b0b0b; }
  #status { opacity: .85; }
</style></head>
<body>
<div id="stage"${background}>
  ${config.videoUrl ? `<video id="video" src="${escapeHtml(config.videoUrl)}"${thumbnailUrl ? ` poster="${escapeHtml(thumbnailUrl)}"` : ''} playsinline preload="metadata"></video>` : ''}
  <div id="idle" class="screen"><strong>${escapeHtml(config.title)}</strong><button id="play">Play</button></div>
  <div id="ad" class="screen" hidden role="region" aria-label="Advertisement">
    <video id="ad-video" hidden muted playsinline preload="auto"></video>
    <span id="ad-label"></span><strong id="ad-headline"></strong><span id="ad-body"></span>
    <span id="ad-countdown" aria-live="polite"></span><button id="skip" hidden>Skip Ad</button>
  </div>
  <div id="ended" class="screen" hidden><strong>${escapeHtml(config.title)}</strong><span>Thanks for watching</span></div>
  <div id="overlay-ad" hidden role="region" aria-label="Overlay advertisement">
    <span id="overlay-label"></span><img id="overlay-image" hidden alt="Advertisement"><span id="overlay-text"></span>
    <button id="close-overlay" aria-label="Close ad">×</button>
  </div>
  <div id="track"><div id="bar"></div></div>
</div>
<div id="info">
  <span><button id="pause" hidden>Pause</button> <span id="clock"></span></span>
  <span>Views <b id="views"></b> · Revenue <b id="revenue"></b></span>
  <span id="status" aria-live="polite"></span>
</div>
<script type="application/json" id="player-config">${inlineJson(config)}</script>
<script src="/player/player.js"${nonceAttribute}></script>
</body></html>`;
}
