// The Auto-List loader (/player/catalogue.js), run on the publisher's page: fetches the funded
// catalogue for the script's API key and lists each film with its player.
const CARD_WIDTH_PX = 320;

interface CatalogueFilm {
  id: number;
  title: string;
  directorName: string;
  playerUrl: string;
}

const script = document.currentScript as HTMLScriptElement | null;

async function list(options: { host: string; key: string; container: HTMLElement; cluster?: string }) {
  const query = new URLSearchParams({ key: options.key, ...(options.cluster ? { cluster: options.cluster } : {}) });
  const response = await fetch(`${options.host}/api/catalogue?${query}`);
  if (!response.ok) {
    const answer = (await response.json().catch(() => null)) as { message?: string } | null;
    options.container.textContent = `Marquee catalogue unavailable: ${answer?.message ?? response.status}`;
    return;
  }
  const { films } = (await response.json()) as { films: CatalogueFilm[] };
  options.container.style.display = 'grid';
  options.container.style.gridTemplateColumns = `repeat(auto-fill, minmax(${CARD_WIDTH_PX}px, 1fr))`;
  options.container.style.gap = '16px';
  for (const film of films) {
    const card = document.createElement('figure');
    card.style.margin = '0';
    const frame = document.createElement('iframe');
    frame.src = film.playerUrl;
    frame.title = `${film.title} · Marquee player`;
    frame.allow = 'autoplay; fullscreen';
    frame.style.cssText = 'width:100%;aspect-ratio:16/9;border:0';
    const caption = document.createElement('figcaption');
    caption.textContent = film.directorName ? `${film.title} — ${film.directorName}` : film.title;
    card.append(frame, caption);
    options.container.appendChild(card);
  }
}

if (script?.dataset.key) {
  const container = document.getElementById(script.dataset.container ?? '') ?? script.parentElement!;
  void list({ host: new URL(script.src).origin, key: script.dataset.key, container, cluster: script.dataset.cluster });
}
