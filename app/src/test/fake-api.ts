// A fetch stand-in answering the app's /api calls from handlers (by method and path with its query,
// else by path alone), recording every request. /api/auth is the fake sign-in server unless
// overridden.
import { vi } from 'vitest'
import { fakeAuth } from './fake-auth'

export interface RecordedRequest {
  method: string
  path: string
  cluster: string | null
  body: unknown
}

export type Handler = (request: RecordedRequest) => unknown | Response | Promise<unknown | Response>

export function installFakeApi(overrides: Record<string, Handler>) {
  const auth = fakeAuth()
  const routes = { ...auth.routes, ...overrides }
  const requests: RecordedRequest[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app.test')
    const method = init?.method ?? 'GET'
    const request: RecordedRequest = {
      method,
      path: url.pathname + (url.search.replace(/[?&]cluster=[^&]*/, '') ? url.search.replace(/[?&]cluster=[^&]*/, '').replace(/^&/, '?') : ''),
      cluster: url.searchParams.get('cluster'),
      // Uploads (FormData) are recorded as they are; JSON bodies parsed.
      body: init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined,
    }
    requests.push(request)
    // An exact path-and-query key first, then the path alone (handlers read the query from request.path).
    const handler = routes[`${method} ${request.path}`] ?? routes[`${method} ${url.pathname}`]
    if (!handler) return new Response(JSON.stringify({ message: `no fake for ${method} ${request.path}` }), { status: 404 })
    const result = await handler(request)
    if (result instanceof Response) return result
    return new Response(JSON.stringify(result), { status: 200, headers: { 'Content-Type': 'application/json' } })
  })
  vi.stubGlobal('fetch', fetchMock)
  return { requests, auth: auth.state, find: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path) }
}
