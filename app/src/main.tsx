// Entry point: polyfills, wallet modal styles, providers and the router.
import './polyfills'
import '@solana/wallet-adapter-react-ui/styles.css'
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
