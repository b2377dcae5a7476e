// @solana/web3.js and @coral-xyz/anchor expect Node's Buffer in the browser; imported first by main.tsx.
import { Buffer } from 'buffer'

globalThis.Buffer ??= Buffer
