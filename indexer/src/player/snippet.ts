// The embed snippet a publisher copies from the Embed Library: the player iframe inside a container
// that carries the publisher id and the ad slots pre-roll, mid-roll and overlay, plus the loader
// script from the embed host that initialises the player with container, projectId, adUnit mid-roll
// and website.
import { DEFAULT_CLUSTER } from '../constants.ts';
import { AD_SLOTS } from './machine.ts';

/** What a film's generic snippet shows until a publisher registers its own embed. */
export const PUBLISHER_ID_PLACEHOLDER = 'YOUR_PUBLISHER_ID';
export const WEBSITE_PLACEHOLDER = 'https://your-website.example';
/** Spec: the loader initialises the player with the mid-roll ad unit. */
export const LOADER_AD_UNIT = 'mid-roll';
export const PLAYER_WIDTH = 640;
export const PLAYER_HEIGHT = 360;
export const CATALOGUE_CONTAINER_ID = 'marquee-catalogue';

export interface SnippetInput {
  /** The embed host: the origin serving /player and the loader. */
  origin: string;
  cluster: string;
  projectId: number;
  /** A registered embed's id; without it the snippet is the film's generic code. */
  embedId?: string;
  publisherId?: string;
  website?: string;
}

const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** A JSON value inside an inline <script>: `<` escaped so no text can close the element. */
const scriptValue = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The player page's URL for a snippet (the iframe's src, and what the loader builds). It names the
 * publisher: the chain keys an embed by film, publisher and embed id, and two publishers may pick the
 * same embed id.
 */
export function playerUrl(input: SnippetInput): string {
  const query = new URLSearchParams({
    ...(input.embedId ? { embed: input.embedId } : {}),
    ...(input.publisherId && input.publisherId !== PUBLISHER_ID_PLACEHOLDER ? { publisher: input.publisherId } : {}),
    ...(input.cluster !== DEFAULT_CLUSTER ? { cluster: input.cluster } : {}),
    slots: AD_SLOTS.join(','),
  });
  return `${input.origin}/player/${input.projectId}?${query}`;
}

export function containerId(input: Pick<SnippetInput, 'projectId' | 'embedId'>): string {
  return `marquee-player-${input.embedId ?? input.projectId}`;
}

export function embedSnippet(input: SnippetInput): string {
  const container = containerId(input);
  const publisherId = input.publisherId ?? PUBLISHER_ID_PLACEHOLDER;
  const init = {
    container,
    projectId: input.projectId,
    ...(input.embedId ? { embedId: input.embedId } : {}),
    publisherId,
    adUnit: LOADER_AD_UNIT,
    adSlots: AD_SLOTS,
    website: input.website ?? WEBSITE_PLACEHOLDER,
    ...(input.cluster !== DEFAULT_CLUSTER ? { cluster: input.cluster } : {}),
  };
  return [
    `<div id="${attribute(container)}" data-publisher-id="${attribute(publisherId)}" data-ad-slots="${AD_SLOTS.join(',')}">`,
    `  <iframe src="${attribute(playerUrl(input))}" width="${PLAYER_WIDTH}" height="${PLAYER_HEIGHT}" frameborder="0" allow="autoplay; fullscreen" allowfullscreen></iframe>`,
    `</div>`,
    `<script async src="${attribute(input.origin)}/player/loader.js"></script>`,
    `<script>(window.MarqueePlayer = window.MarqueePlayer || []).push(${scriptValue(init)});</script>`,
  ].join('\n');
}

/** The Auto-List snippet: the catalogue loader lists every funded film, each with its player, for an API key. */
export function catalogueSnippet(input: { origin: string; cluster: string; apiKey: string }): string {
  const cluster = input.cluster !== DEFAULT_CLUSTER ? ` data-cluster="${attribute(input.cluster)}"` : '';
  return [
    `<div id="${CATALOGUE_CONTAINER_ID}"></div>`,
    `<script async src="${attribute(input.origin)}/player/catalogue.js" data-key="${attribute(input.apiKey)}" data-container="${CATALOGUE_CONTAINER_ID}"${cluster}></script>`,
  ].join('\n');
}
