/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Devnet RPC endpoint of On-Chain mode (default https://api.devnet.solana.com). */
  readonly VITE_DEVNET_RPC_URL?: string
}
