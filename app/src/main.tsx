// Entry point: polyfills, providers and the router (the wallet modal's styles load with the wallet runtime).
import './polyfills'
import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'
import { AppProviders } from './providers'
import { createRouter } from './routes'

function App() {
  const [router] = useState(createRouter)
  return <RouterProvider router={router} />
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <App />
    </AppProviders>
  </StrictMode>,
)
