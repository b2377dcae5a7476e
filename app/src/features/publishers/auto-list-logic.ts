// Auto-List on a real cluster, the app's side of what the demo server does itself
// (indexer/src/publishers/auto-list.ts): the funded films the publisher has no embed of on the
// verified website yet, oldest first, which its wallet then registers.
import type { Project, PublisherEmbed } from '@marquee/api-contract'

/** The origin of a website address, or null when it is no URL. */
function originOf(websiteUrl: string): string | null {
  return URL.canParse(websiteUrl) ? new URL(websiteUrl).origin : null
}

/** Funded films (with an on-chain address) that none of `embeds` lists on `origin`, oldest first. */
export function unlistedFundedFilms(projects: Project[], embeds: PublisherEmbed[], origin: string): Project[] {
  const listed = new Set(embeds.filter((embed) => originOf(embed.websiteUrl) === origin).map((embed) => embed.projectId))
  return projects.filter((project) => project.status === 'funded' && Boolean(project.address) && !listed.has(project.id)).sort((a, b) => a.id - b.id)
}
