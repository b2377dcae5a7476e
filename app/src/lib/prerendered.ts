// The browser's side of the server's prerender (src/prerender.tsx): a page that arrived with its
// first screen in #root starts from the query cache it was rendered from, and replaces it with the
// live app in one commit, once the router has its first screen ready (no empty frame between).
// A page drawn in another mode than the browser's (its cookie was missing or stale) is dropped at
// once: it would show another cluster's films until the app had its own.
import { hydrate, type QueryClient } from '@tanstack/react-query'

/** Marks the prerendered markup's wrapper in #root. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered'
/** On the wrapper: the mode (demo, onchain) the page was drawn in. */
export const PRERENDERED_MODE_ATTRIBUTE = 'data-mode'
/** The script element holding the prerender's dehydrated query cache (JSON). */
export const PRERENDERED_STATE_ID = 'marquee-prerendered-state'

/**
 * Whether #root holds a prerendered page of `mode`, the browser's; its query cache, when there is
 * one, is put into `queryClient`. A page of another mode is removed, and the app starts as without one.
 */
export function adoptPrerenderedPage(root: HTMLElement, queryClient: QueryClient, mode: string): boolean {
  const stateElement = document.getElementById(PRERENDERED_STATE_ID)
  const preview = root.querySelector(`[${PRERENDERED_ATTRIBUTE}]`)
  if (preview && preview.getAttribute(PRERENDERED_MODE_ATTRIBUTE) !== mode) {
    preview.remove()
    stateElement?.remove()
    return false
  }
  if (stateElement) {
    try {
      hydrate(queryClient, JSON.parse(stateElement.textContent ?? ''))
    } catch {
      // A state that does not parse is not used: the screens ask the API as without a prerender.
    }
    stateElement.remove()
  }
  return preview !== null
}

/** Resolves once `router` has its first screen (lazy code and loaders) ready. */
export function routerReady(router: { state: { initialized: boolean }; subscribe(listener: (state: { initialized: boolean }) => void): () => void }): Promise<void> {
  if (router.state.initialized) return Promise.resolve()
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return
      unsubscribe()
      resolve()
    })
  })
}
