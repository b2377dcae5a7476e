// The header's mode switch: Demo (default; real wallet, transactions on the server's demo chain) or
// On-Chain (real devnet transactions). The mode picks the cluster every API call and query key uses.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'
import { MODE_STORAGE_KEY } from '@/constants'
import type { Cluster } from '@/lib/types'

export type Mode = 'demo' | 'onchain'

export const DEFAULT_MODE: Mode = 'demo'

export function clusterForMode(mode: Mode): Cluster {
  return mode === 'demo' ? 'demo' : 'devnet'
}

export function readStoredMode(storage: Storage = window.localStorage): Mode {
  const stored = storage.getItem(MODE_STORAGE_KEY)
  return stored === 'onchain' || stored === 'demo' ? stored : DEFAULT_MODE
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
  const setMode = useCallback((next: Mode) => {
    window.localStorage.setItem(MODE_STORAGE_KEY, next)
    setModeState(next)
  }, [])
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
