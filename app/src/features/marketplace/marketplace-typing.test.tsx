// Typing into the marketplace's search while the router commits the URL's search late (as it does
// with 1,000 films, after the renders of the keys typed since): every letter typed stays in the box.
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { Project } from '@marquee/api-contract'
import { installFakeApi, type RecordedRequest } from '@/test/fake-api'
import { makeProject } from '@/test/fixtures'
import { renderApp } from '@/test/render'

/** How late each write of the URL's search params is committed. */
const URL_LAG_MS = 300
const urlWrites: string[] = []

vi.mock('react-router-dom', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-router-dom')>()
  return {
    ...actual,
    useSearchParams: (...args: Parameters<typeof actual.useSearchParams>) => {
      const [params, setParams] = actual.useSearchParams(...args)
      const lagging: typeof setParams = (next, options) => {
        urlWrites.push(actual.createSearchParams(typeof next === 'function' ? next(params) : next).get('search') ?? '')
        setTimeout(() => setParams(next, options), URL_LAG_MS)
      }
      return [params, lagging] as const
    },
  }
})

const catalogue: Project[] = Array.from({ length: 10 }, (_, index) => makeProject({ id: index + 1, title: index % 2 ? `Harbor ${index}` : `Desert ${index}` }))

function listing(request: RecordedRequest) {
  const q = (new URL(request.path, 'http://app.test').searchParams.get('q') ?? '').toLowerCase()
  const items = catalogue.filter((project) => project.title.toLowerCase().includes(q))
  return { items, nextCursor: null, total: items.length }
}

describe('marketplace search typed while the URL lags', () => {
  it('keeps every letter: an old write of the search arriving in the URL does not put its text back', async () => {
    installFakeApi({ 'GET /api/projects': listing })
    renderApp('/marketplace')
    await waitFor(() => expect(screen.getAllByTestId('project-card')).toHaveLength(catalogue.length))
    const input = screen.getByLabelText('Search') as HTMLInputElement
    fireEvent.change(input, { target: { value: 'Ha' } })
    await waitFor(() => expect(urlWrites).toContain('Ha'))
    fireEvent.change(input, { target: { value: 'Harb' } })
    await waitFor(() => expect(urlWrites).toContain('Harb'))
    // Both writes are still on their way; the next key comes before they arrive.
    fireEvent.change(input, { target: { value: 'Harbor' } })
    await new Promise((resolve) => setTimeout(resolve, 2 * URL_LAG_MS))
    expect(input.value).toBe('Harbor')
    await waitFor(() => expect(screen.getAllByTestId('project-card').every((card) => card.textContent?.includes('Harbor'))).toBe(true))
  })
})
