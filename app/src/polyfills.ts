// @solana/web3.js and @coral-xyz/anchor expect Node's Buffer in the browser: imported first by the lazily
// loaded wallet runtime (wallet-data-access.tsx) and the On-Chain client, so pages without a wallet never load it.
import { Buffer } from 'buffer'

globalThis.Buffer ??= Buffer
