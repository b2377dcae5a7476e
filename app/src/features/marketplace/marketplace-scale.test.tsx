// The marketplace over the server's paginated listing: pages by cursor as the grid's end scrolls
// near, one debounced request per pause in typing (loaded cards filter at once), the empty state.
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MARKETPLACE_PAGE_SIZE } from '@/constants'
import type { Project } from '@marquee/api-contract'
import { installFakeApi, type RecordedRequest } from '@/test/fake-api'
import { makeProject } from '@/test/fixtures'
import { renderApp } from '@/test/render'
import { projectPagePath } from './marketplace-data-access'

/** IntersectionObserver stand-in: `reveal()` reports every observed element as on screen. */
class FakeIntersectionObserver {
  static instances = new Set<FakeIntersectionObserver>()
  private elements: Element[] = []
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.add(this)
  }
  observe(element: Element) {
    this.elements.push(element)
  }
  unobserve() {}
  disconnect() {
    FakeIntersectionObserver.instances.delete(this)
  }
  static reveal() {
    for (const observer of FakeIntersectionObserver.instances) {
      const entries = observer.elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry)
      observer.callback(entries, observer as unknown as IntersectionObserver)
    }
  }
}

const catalogue: Project[] = Array.from({ length: 60 }, (_, index) =>
  makeProject({ id: index + 1, title: index % 2 === 0 ? `Harbor ${index + 1}` : `Desert ${index + 1}`, currentFunding: 1_000 * (60 - index) }),
)

/** The server's contract: q / status / sort / limit / cursor → { items, nextCursor, total }. */
function listing(request: RecordedRequest) {
  const query = new URL(request.path, 'http://app.test').searchParams
  const q = (query.get('q') ?? '').toLowerCase()
  const matching = catalogue.filter((project) => project.title.toLowerCase().includes(q))
  const start = Number(query.get('cursor') ?? 0)
  const limit = Number(query.get('limit'))
  const end = start + limit
  return { items: matching.slice(start, end), nextCursor: end < matching.length ? String(end) : null, total: matching.length }
}

/**
 * Reports the grid's end as on screen once it is observed: the sentinel is watched only once every
 * card of the answer is in the page (the cards below the first screen render in a transition).
 */
async function revealGridEnd() {
  await waitFor(() => expect(FakeIntersectionObserver.instances.size).toBeGreaterThan(0))
  act(() => FakeIntersectionObserver.reveal())
}

const listRequests = (requests: RecordedRequest[]) => requests.filter((request) => request.path.startsWith('/api/projects?'))

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
})
afterEach(() => {
  FakeIntersectionObserver.instances.clear()
})

describe('marketplace at scale', () => {
  it('asks the server for the filters as a page, not for the whole catalogue', () => {
    expect(projectPagePath({ search: ' Harbor ', status: 'funding', sort: 'newest' }, null)).toBe(
      `/api/projects?limit=${MARKETPLACE_PAGE_SIZE}&status=funding&sort=newest&q=Harbor`,
    )
    expect(projectPagePath({ search: '', status: 'all', sort: 'funding' }, 'abc')).toBe(
      `/api/projects?limit=${MARKETPLACE_PAGE_SIZE}&status=all&sort=funding&cursor=abc`,
    )
  })

  it('renders the first page, then the next one by cursor when the end of the grid comes near', async () => {
    const api = installFakeApi({ 'GET /api/projects': listing })
    renderApp('/marketplace')
    await waitFor(() => expect(screen.getAllByTestId('project-card')).toHaveLength(MARKETPLACE_PAGE_SIZE))
    expect(listRequests(api.requests)).toHaveLength(1)

    await revealGridEnd()
    await waitFor(() => expect(screen.getAllByTestId('project-card')).toHaveLength(2 * MARKETPLACE_PAGE_SIZE))
    expect(listRequests(api.requests)[1].path).toContain(`cursor=${MARKETPLACE_PAGE_SIZE}`)

    await revealGridEnd()
    await waitFor(() => expect(screen.getAllByTestId('project-card')).toHaveLength(catalogue.length))
    // The last page has no next cursor: nothing more is asked for.
    expect(screen.queryByTestId('marketplace-more')).not.toBeInTheDocument()
    act(() => FakeIntersectionObserver.reveal())
    expect(listRequests(api.requests)).toHaveLength(3)
  })

  it('filters loaded cards while typing and asks the server once typing pauses', async () => {
    const api = installFakeApi({ 'GET /api/projects': listing })
    renderApp('/marketplace')
    await waitFor(() => expect(screen.getAllByTestId('project-card')).toHaveLength(MARKETPLACE_PAGE_SIZE))
    const input = screen.getByLabelText('Search')
    for (const text of ['D', 'De', 'Des', 'Desert']) fireEvent.change(input, { target: { value: text } })
    // At once, before any request: the loaded page narrowed to its Desert films.
    expect(screen.getAllByTestId('project-card')).toHaveLength(MARKETPLACE_PAGE_SIZE / 2)
    expect(listRequests(api.requests)).toHaveLength(1)

    await waitFor(() => expect(listRequests(api.requests)).toHaveLength(2))
    expect(listRequests(api.requests)[1].path).toContain('q=Desert')
    // The server's answer: a full page of Desert films.
    await waitFor(() => expect(screen.getAllByTestId('project-card')).toHaveLength(MARKETPLACE_PAGE_SIZE))
    expect(screen.getAllByTestId('project-card').every((card) => card.textContent?.includes('Desert'))).toBe(true)
  })

  it("shows 'No projects found' once the server finds nothing", async () => {
    installFakeApi({ 'GET /api/projects': listing })
    renderApp('/marketplace')
    await waitFor(() => expect(screen.getAllByTestId('project-card')).toHaveLength(MARKETPLACE_PAGE_SIZE))
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'nothing like this' } })
    expect(await screen.findByText('No projects found')).toBeInTheDocument()
    expect(screen.queryByTestId('project-card')).not.toBeInTheDocument()
  })
})

describe('marketplace against a server without pagination', () => {
  it('cuts pages from the one plain-array answer and searches it without asking again', async () => {
    const api = installFakeApi({ 'GET /api/projects': () => catalogue })
    renderApp('/marketplace')
    await waitFor(() => expect(screen.getAllByTestId('project-card')).toHaveLength(MARKETPLACE_PAGE_SIZE))
    await revealGridEnd()
    await waitFor(() => expect(screen.getAllByTestId('project-card')).toHaveLength(2 * MARKETPLACE_PAGE_SIZE))
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'Desert' } })
    await waitFor(() => expect(screen.getAllByTestId('project-card')).toHaveLength(MARKETPLACE_PAGE_SIZE))
    expect(screen.getAllByTestId('project-card').every((card) => card.textContent?.includes('Desert'))).toBe(true)
    expect(listRequests(api.requests)).toHaveLength(1)
  })
})
