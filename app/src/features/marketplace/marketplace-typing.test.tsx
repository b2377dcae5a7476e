// Typing into the marketplace's search while the router commits the URL's search late (as it does
// with 1,000 films, after the renders of the keys typed since): every letter typed stays in the box.
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Project } from '@marquee/api-contract'
import { installFakeApi, type RecordedRequest } from '@/test/fake-api'
import { makeProject } from '@/test/fixtures'
import { renderApp } from '@/test/render'

/** How late each navigation (a write of the URL's search params) is committed. */
const URL_LAG_MS = 2_000

/** Makes the router commit every navigation URL_LAG_MS late; returns the searches written, in order. */
function lagNavigations(router: ReturnType<typeof renderApp>['router']): string[] {
  const written: string[] = []
  const navigate = router.navigate.bind(router)
  router.navigate = ((to: Parameters<typeof navigate>[0], options?: Parameters<typeof navigate>[1]) => {
    if (typeof to === 'string') written.push(new URLSearchParams(to.split('?')[1] ?? '').get('search') ?? '')
    setTimeout(() => void navigate(to, options), URL_LAG_MS)
    return Promise.resolve()
  }) as typeof router.navigate
  return written
}

const catalogue: Project[] = Array.from({ length: 10 }, (_, index) => makeProject({ id: index + 1, title: index % 2 ? `Harbor ${index}` : `Desert ${index}` }))

function listing(request: RecordedRequest) {
  const q = (new URL(request.path, 'http://app.test').searchParams.get('q') ?? '').toLowerCase()
  const items = catalogue.filter((project) => project.title.toLowerCase().includes(q))
  return { items, nextCursor: null, total: items.length }
}

describe('marketplace search typed while the URL lags', () => {
  it('keeps every letter: an old write of the search arriving in the URL does not put its text back', async () => {
    installFakeApi({ 'GET /api/projects': listing })
    const urlWrites = lagNavigations(renderApp('/marketplace').router)
    await waitFor(() => expect(screen.getAllByTestId('project-card')).toHaveLength(catalogue.length))
    const input = screen.getByLabelText('Search') as HTMLInputElement
    fireEvent.change(input, { target: { value: 'Ha' } })
    await waitFor(() => expect(urlWrites).toContain('Ha'))
    fireEvent.change(input, { target: { value: 'Harb' } })
    await waitFor(() => expect(urlWrites).toContain('Harb'))
    // Both writes are still on their way; the next key comes before they arrive.
    fireEvent.change(input, { target: { value: 'Harbor' } })
    // What the box holds while the writes arrive: never an older search than the one typed.
    const held = new Set<string>()
    const watch = setInterval(() => held.add(input.value), 20)
    await new Promise((resolve) => setTimeout(resolve, 2 * URL_LAG_MS))
    clearInterval(watch)
    expect([...held]).toEqual(['Harbor'])
    await waitFor(() => expect(screen.getAllByTestId('project-card').every((card) => card.textContent?.includes('Harbor'))).toBe(true))
  })
})
