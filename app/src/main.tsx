// Entry point: polyfills, providers and the router (the wallet modal's styles load with the wallet runtime).
import './polyfills'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'
import { createQueryClient } from './lib/query-client'
import { AppProviders } from './providers'
import { createRouter } from './routes'

// Created before the first render: the router starts the first page's chunk and its loaders' requests
// at once, while React renders the providers.
const queryClient = createQueryClient()
const router = createRouter(queryClient)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
)
