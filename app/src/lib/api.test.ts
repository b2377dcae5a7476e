import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiGet, apiPost, withCluster } from './api'

afterEach(() => vi.unstubAllGlobals())

describe('apiRequest', () => {
  it('adds the cluster to every path', () => {
    expect(withCluster('/api/projects', 'demo')).toBe('/api/projects?cluster=demo')
    expect(withCluster('/api/projects/featured?limit=5', 'devnet')).toBe('/api/projects/featured?limit=5&cluster=devnet')
  })

  it('turns a non-OK answer into "{status}: {body}"', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"Project not found"}', { status: 404 })))
    await expect(apiGet('/api/projects/9', 'demo')).rejects.toThrow('404: {"message":"Project not found"}')
  })

  it('falls back to the status text when the body is empty', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 401, statusText: 'Unauthorized' })))
    await expect(apiGet('/api/users/1', 'demo')).rejects.toThrow('401: Unauthorized')
  })

  it('sends JSON with credentials', async () => {
    const fetchMock = vi.fn(async () => new Response('{"ok":true}', { status: 200 }))
    vi.stubGlobal('fetch', fetchMock)
    await expect(apiPost('/api/users', 'devnet', { a: 1 })).resolves.toEqual({ ok: true })
    expect(fetchMock).toHaveBeenCalledWith('/api/users?cluster=devnet', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"a":1}',
    })
  })
})
