// The embed player page the embed snippet points to (/player/{projectId}?embed={embedId}&cluster=…):
// plays the pre-roll ad (5 s, then Skip Ad) and the film, asks for a play nonce when playback starts
// and reports the view once the player has been at least half visible for 2 continuous seconds.
import { MIN_VIEW_WATCH_MS } from '../constants.ts';

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** `nonce`: the Content-Security-Policy nonce of the page's inline style and script. */
export function playerPage(options: { projectId: number; title: string; thumbnailUrl: string; embedId?: string; cluster: string; nonce?: string }): string {
  const nonce = options.nonce ? ` nonce="${escapeHtml(options.nonce)}"` : '';
  const config = JSON.stringify({
    projectId: options.projectId,
    embedId: options.embedId ?? null,
    cluster: options.cluster,
    minVisibleMs: MIN_VIEW_WATCH_MS,
  }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)} · Marquee player</title>
<style${nonce}>
  html, body { margin: 0; height: 100%; background: #000; color: #fff; font: 14px system-ui, sans-serif; }
  #stage { position: relative; width: 100%; height: 100%; background: #111 center / cover no-repeat; }
  #overlay { position: absolute; inset: 0; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 12px; background: rgba(0,0,0,.45); }
  button { font: inherit; padding: 8px 16px; border-radius: 6px; border: 0; cursor: pointer; }
  #bar { position: absolute; left: 0; bottom: 0; height: 4px; background: #f59e0b; width: 0; }
  #status { position: absolute; right: 8px; top: 8px; font-size: 12px; opacity: .8; }
</style></head>
<body><div id="stage"${options.thumbnailUrl ? ` style="background-image:url('${escapeHtml(options.thumbnailUrl)}')"` : ''}>
  <div id="overlay"><strong>${escapeHtml(options.title)}</strong><button id="play">Play</button></div>
  <div id="bar"></div><div id="status"></div>
</div>
<script${nonce}>
const config = ${config};
const query = '?cluster=' + encodeURIComponent(config.cluster);
const overlay = document.getElementById('overlay');
const statusText = document.getElementById('status');
const bar = document.getElementById('bar');
let nonce = null, visibleSince = null, reported = false, visible = false;
async function post(path, body) {
  const response = await fetch('/api' + path + query, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return response.ok ? response.json() : null;
}
function maybeReport() {
  if (reported || !nonce || visibleSince === null || Date.now() - visibleSince < config.minVisibleMs) return;
  reported = true;
  post('/views', { projectId: config.projectId, embedId: config.embedId, nonce, timestamp: Date.now() })
    .then((result) => { statusText.textContent = result && result.counted ? 'View counted' : ''; });
}
new IntersectionObserver((entries) => {
  visible = entries[0].intersectionRatio >= 0.5;
  visibleSince = visible ? (visibleSince ?? Date.now()) : null;
}, { threshold: [0, 0.5, 1] }).observe(document.getElementById('stage'));
setInterval(maybeReport, 250);
function playFilm() {
  overlay.style.display = 'none';
  let progress = 0;
  const timer = setInterval(() => { progress = Math.min(100, progress + 0.2); bar.style.width = progress + '%'; if (progress >= 100) clearInterval(timer); }, 200);
}
document.getElementById('play').addEventListener('click', async () => {
  if (config.embedId) post('/views/nonce', { projectId: config.projectId, embedId: config.embedId }).then((issued) => { nonce = issued && issued.nonce; });
  let left = 5;
  overlay.innerHTML = '<span>Ad · <b id="left">5</b></span>';
  const countdown = setInterval(() => {
    left -= 1;
    if (left > 0) { document.getElementById('left').textContent = String(left); return; }
    clearInterval(countdown);
    overlay.innerHTML = '<button id="skip">Skip Ad</button>';
    document.getElementById('skip').addEventListener('click', playFilm);
  }, 1000);
});
</script></body></html>`;
}
