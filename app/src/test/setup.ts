// Test environment: jest-dom matchers and the browser APIs jsdom lacks that Chakra and zag use.
// Files that run under `@vitest-environment node` (no window) skip the DOM part.
import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import { toaster } from '@/components/ui/toaster'

const hasDom = typeof window !== 'undefined'

// findBy*/waitFor wait this long: screens appear after real (mocked) requests, and the machine is shared.
configure({ asyncUtilTimeout: 15_000 })

afterEach(() => {
  if (!hasDom) return
  cleanup()
  // The toaster is one store for the app; a toast left by one test would queue the next test's (max 1).
  toaster.remove()
  window.localStorage.clear()
})

if (hasDom && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: vi.fn().mockImplementation((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  })
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver
if (hasDom) Element.prototype.scrollTo ??= () => {}
