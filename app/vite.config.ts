/// <reference types="vitest/config" />
// Vite build and dev server of the dApp; the production bundle (app/dist) is served by the indexer at `/`.
import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { compression } from 'vite-plugin-compression2'

const API_DEV_TARGET = process.env.MARQUEE_API_URL ?? 'http://localhost:8787'

/** wallet-adapter-react-ui's modal CSS imports a web font from a third-party host: drop it, keep our fonts. */
function dropWalletModalFontImport(): Plugin {
  return {
    name: 'marquee:drop-wallet-modal-font-import',
    transform(code, id) {
      if (!id.includes('wallet-adapter-react-ui') || !id.endsWith('styles.css')) return null
      return { code: code.replace(/@import url\([^)]*fonts\.googleapis\.com[^)]*\);?/g, ''), map: null }
    },
  }
}

/**
 * Brotli and gzip copies of the dApp's text files beside them (app.js.br, app.js.gz), written once at
 * build time: the indexer serves the one the browser accepts (server.ts, `precompressed`) instead of
 * compressing ~3 MB of JavaScript per visitor, or sending it uncompressed.
 */
const precompressed = () =>
  compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg|json)$/, threshold: 1024, skipIfLargerOrEqual: true })

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), dropWalletModalFontImport(), ...(isSsrBuild ? [] : [precompressed()])],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  define: {
    // @coral-xyz/anchor and web3.js read process.env in a few places.
    'process.env.ANCHOR_BROWSER': 'true',
    // The server build (src/prerender.tsx) runs in the indexer's process, whatever its NODE_ENV:
    // React's production server renderer is several times faster than its development one.
    ...(isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
  },
  // The server build carries its libraries (React among them, so the define above reaches it).
  ssr: isSsrBuild ? { noExternal: true } : undefined,
  server: {
    proxy: { '/api': { target: API_DEV_TARGET, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The shell's chunks (React, the router, react-query and Chakra) are ~0.7 MB (~220 kB gzip);
    // web3.js, wallet-adapter and the sign-in (~0.5 MB, ~145 kB gzip) load at the first wallet action
    // behind the wallet bridge (features/wallet/wallet-bridge.tsx), @coral-xyz/anchor in On-Chain mode only.
    chunkSizeWarningLimit: 800,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Component tests render the whole app; on a shared 2-core machine they need room, and loading
    // the app's modules once per worker (not once per file) saves most of the suite's time. Every
    // test leaves a clean DOM, toaster, localStorage and fetch (see src/test/setup.ts).
    testTimeout: 60_000,
    isolate: false,
    unstubGlobals: true,
  },
}))
