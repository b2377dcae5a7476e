// Chakra UI v3 system provider (dark appearance comes from the `dark` class on <html>).
import { ChakraProvider, createSystem, defaultConfig, defineConfig } from '@chakra-ui/react'
import type { ReactNode } from 'react'

const config = defineConfig({
  theme: {
    tokens: {
      fonts: {
        heading: { value: "'Inter', system-ui, sans-serif" },
        body: { value: "'Inter', system-ui, sans-serif" },
      },
    },
  },
  globalCss: {
    'html, body': { bg: 'bg', color: 'fg' },
  },
})

export const system = createSystem(defaultConfig, config)

export function Provider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={system}>{children}</ChakraProvider>
}
