// The snippet's loader (/player/loader.js), run on the publisher's page: initialises each queued
// player with container, projectId, adUnit and website. The snippet's iframe already plays without
// it; the loader creates the iframe when a container has none and keeps its size responsive.
import { AD_SLOTS, parseAdSlots } from './machine.ts';

interface PlayerInit {
  container: string;
  projectId: number;
  embedId?: string;
  publisherId?: string;
  adUnit?: string;
  adSlots?: string[];
  website?: string;
  cluster?: string;
}

type Queue = PlayerInit[] | { push(init: PlayerInit): void };
declare global {
  interface Window {
    MarqueePlayer?: Queue;
  }
}

const ASPECT_RATIO = '16 / 9';
const script = document.currentScript as HTMLScriptElement | null;
const host = script ? new URL(script.src).origin : location.origin;

function init(options: PlayerInit) {
  const container = document.getElementById(options.container);
  if (!container) {
    console.warn(`Marquee player: no element with id "${options.container}"`);
    return;
  }
  const slots = parseAdSlots((options.adSlots ?? [...AD_SLOTS]).concat(options.adUnit ?? []).join(','));
  let frame = container.querySelector('iframe');
  if (!frame) {
    const query = new URLSearchParams({
      ...(options.embedId ? { embed: options.embedId } : {}),
      // The snippet's placeholder names nobody: the publisher is a base58 address.
      ...(options.publisherId && /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(options.publisherId) ? { publisher: options.publisherId } : {}),
      ...(options.cluster ? { cluster: options.cluster } : {}),
      ...(options.website ? { website: options.website } : {}),
      slots: slots.join(','),
    });
    frame = document.createElement('iframe');
    frame.src = `${host}/player/${options.projectId}?${query}`;
    frame.allow = 'autoplay; fullscreen';
    frame.allowFullscreen = true;
    container.appendChild(frame);
  }
  frame.title ||= 'Marquee player';
  frame.style.border = '0';
  frame.style.maxWidth = '100%';
  frame.style.aspectRatio = ASPECT_RATIO;
  frame.style.height = 'auto';
  container.dataset.marqueePublisher = options.publisherId ?? '';
  container.dataset.marqueeReady = 'true';
}

const queued = window.MarqueePlayer;
window.MarqueePlayer = { push: init };
if (Array.isArray(queued)) queued.forEach(init);
