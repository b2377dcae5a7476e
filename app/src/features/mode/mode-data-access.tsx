// The header's mode switch: Demo (default; real wallet, transactions on the server's demo chain) or
// On-Chain (real devnet transactions). The mode picks the cluster every API call and query key uses.
// The browser keeps it in localStorage, and in a cookie the server reads to prerender the
// marketplace in the same mode (src/prerender.tsx).
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { MODE_COOKIE_MAX_AGE_S, MODE_COOKIE_NAME, MODE_STORAGE_KEY } from '@/constants'
import type { Cluster } from '@/lib/api'

export type Mode = 'demo' | 'onchain'

export const DEFAULT_MODE: Mode = 'demo'

export function clusterForMode(mode: Mode): Cluster {
  return mode === 'demo' ? 'demo' : 'devnet'
}

const asMode = (value: string | null | undefined): Mode => (value === 'onchain' || value === 'demo' ? value : DEFAULT_MODE)

export function readStoredMode(storage: Storage = window.localStorage): Mode {
  return asMode(storage.getItem(MODE_STORAGE_KEY))
}

/** The mode a request's Cookie header names (the default when it names none, or something else). */
export function modeFromCookieHeader(header: string | null | undefined): Mode {
  for (const part of (header ?? '').split(';')) {
    const [name, value] = part.trim().split('=')
    if (name === MODE_COOKIE_NAME) return asMode(value)
  }
  return DEFAULT_MODE
}

/** The cookie that tells the server this browser's mode (a display preference, nothing more). */
export function modeCookie(mode: Mode): string {
  return `${MODE_COOKIE_NAME}=${mode}; Path=/; Max-Age=${MODE_COOKIE_MAX_AGE_S}; SameSite=Lax`
}

interface ModeContextValue {
  mode: Mode
  cluster: Cluster
  isDemo: boolean
  setMode: (mode: Mode) => void
  toggleMode: () => void
}

const ModeContext = createContext<ModeContextValue | null>(null)

export function ModeProvider({ children, initialMode }: { children: ReactNode; initialMode?: Mode }) {
  const [mode, setModeState] = useState<Mode>(() => initialMode ?? readStoredMode())
  // The cookie is written with the choice, not after the next render: a page loaded at once (a
  // link opened in a new tab) is prerendered by the server in the mode it names.
  const setMode = useCallback((next: Mode) => {
    window.localStorage.setItem(MODE_STORAGE_KEY, next)
    document.cookie = modeCookie(next)
    setModeState(next)
  }, [])
  // Written for the mode in use at start too, also when it was stored before the cookie existed.
  useEffect(() => {
    document.cookie = modeCookie(mode)
  }, [mode])
  const value = useMemo<ModeContextValue>(
    () => ({
      mode,
      cluster: clusterForMode(mode),
      isDemo: mode === 'demo',
      setMode,
      toggleMode: () => setMode(mode === 'demo' ? 'onchain' : 'demo'),
    }),
    [mode, setMode],
  )
  return <ModeContext.Provider value={value}>{children}</ModeContext.Provider>
}

export function useMode(): ModeContextValue {
  const context = useContext(ModeContext)
  if (!context) throw new Error('useMode must be used within a ModeProvider')
  return context
}

/** The cluster of the current mode, for API calls and query keys. */
export function useCluster(): Cluster {
  return useMode().cluster
}
