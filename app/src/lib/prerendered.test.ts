import { dehydrate, QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { adoptPrerenderedPage, PRERENDERED_ATTRIBUTE, PRERENDERED_MODE_ATTRIBUTE, PRERENDERED_STATE_ID, routerReady } from './prerendered'

function prerenderedPage(stateText: string | null, mode = 'demo'): HTMLElement {
  const root = document.createElement('div')
  root.innerHTML = `<fieldset ${PRERENDERED_ATTRIBUTE} ${PRERENDERED_MODE_ATTRIBUTE}="${mode}" disabled inert><p>The Quiet Orchard</p></fieldset>`
  document.body.append(root)
  if (stateText !== null) {
    const script = document.createElement('script')
    script.type = 'application/json'
    script.id = PRERENDERED_STATE_ID
    script.textContent = stateText
    document.body.append(script)
  }
  return root
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('adoptPrerenderedPage', () => {
  it('puts the prerender’s query cache into the app’s and removes it from the page', () => {
    const server = new QueryClient()
    server.setQueryData(['projects', 'demo'], { items: [{ id: 3, title: 'The Quiet Orchard' }] })
    const root = prerenderedPage(JSON.stringify(dehydrate(server)))
    const client = new QueryClient()
    expect(adoptPrerenderedPage(root, client, 'demo')).toBe(true)
    expect(client.getQueryData(['projects', 'demo'])).toEqual({ items: [{ id: 3, title: 'The Quiet Orchard' }] })
    expect(document.getElementById(PRERENDERED_STATE_ID)).toBeNull()
  })

  it('leaves the cache empty when the state does not parse, and still reports the preview', () => {
    const root = prerenderedPage('{"queries": [')
    const client = new QueryClient()
    expect(adoptPrerenderedPage(root, client, 'demo')).toBe(true)
    expect(client.getQueryCache().getAll()).toEqual([])
  })

  it('reports no preview in an empty root', () => {
    const root = document.createElement('div')
    document.body.append(root)
    const client = new QueryClient()
    expect(adoptPrerenderedPage(root, client, 'demo')).toBe(false)
    expect(client.getQueryCache().getAll()).toEqual([])
  })

  it('drops a page drawn in another mode than the browser’s, and its cache', () => {
    const server = new QueryClient()
    server.setQueryData(['projects', 'demo'], { items: [{ id: 3, title: 'The Quiet Orchard' }] })
    const root = prerenderedPage(JSON.stringify(dehydrate(server)), 'demo')
    const client = new QueryClient()
    expect(adoptPrerenderedPage(root, client, 'onchain')).toBe(false)
    expect(root.innerHTML).toBe('')
    expect(document.getElementById(PRERENDERED_STATE_ID)).toBeNull()
    expect(client.getQueryCache().getAll()).toEqual([])
  })
})

describe('routerReady', () => {
  it('waits for the router’s first screen', async () => {
    const listeners: ((state: { initialized: boolean }) => void)[] = []
    const router = { state: { initialized: false }, subscribe: (listener: (state: { initialized: boolean }) => void) => (listeners.push(listener), () => listeners.splice(listeners.indexOf(listener), 1)) }
    let ready = false
    const waiting = routerReady(router).then(() => (ready = true))
    listeners[0]({ initialized: false })
    await Promise.resolve()
    expect(ready).toBe(false)
    listeners[0]({ initialized: true })
    await waiting
    expect(ready).toBe(true)
    expect(listeners).toEqual([])
  })

  it('is ready at once when the router already is', async () => {
    await expect(routerReady({ state: { initialized: true }, subscribe: () => () => {} })).resolves.toBeUndefined()
  })
})
