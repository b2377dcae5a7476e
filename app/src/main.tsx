// Entry point: providers and the router. The wallet runtime (web3.js, wallet-adapter, its modal's styles
// and the Buffer polyfill they need) loads on demand behind the wallet bridge.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'
import { adoptPrerenderedPage, routerReady } from './lib/prerendered'
import { createQueryClient } from './lib/query-client'
import { AppProviders } from './providers'
import { createRouter } from './routes'
import { readStoredMode } from './features/mode/mode-data-access'

// Created before the first render: the router starts the first page's chunk and its loaders' requests
// at once, while React renders the providers.
const queryClient = createQueryClient()
const container = document.getElementById('root')!
// A page the server prerendered (the marketplace) starts from the data it shows: adopted before the
// router starts, so the route's loader finds it (when drawn in this browser's mode).
const prerendered = adoptPrerenderedPage(container, queryClient, readStoredMode())
const router = createRouter(queryClient)

function renderApp() {
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  )
}

// Over a prerendered page, the app's first commit must already show the screen (it replaces the
// page's markup): an empty first frame would flash.
if (prerendered) void routerReady(router).then(renderApp)
else renderApp()
