// The document title follows the route: each route's `handle.title` (routes.tsx), as
// "{title} · Marquee"; a route without one keeps the app's own title.
import { useEffect } from 'react'
import { useMatches } from 'react-router-dom'

export const APP_TITLE = 'Marquee — film crowdfunding on Solana'

export interface RouteHandle {
  title?: string
}

export function pageTitle(title: string | undefined): string {
  return title ? `${title} · Marquee` : APP_TITLE
}

export function RouteTitle() {
  const matches = useMatches()
  const title = [...matches].reverse().map((match) => (match.handle as RouteHandle | undefined)?.title).find(Boolean)
  useEffect(() => {
    document.title = pageTitle(title)
  }, [title])
  return null
}
