// The demo's custodial keys: the server holds a key for every actor of the demo chain (the platform's
// admin, treasury and settlement authority, the seeded studios, investors and publishers, and a
// demo keypair per connected wallet, funded on first use and linked to the wallet's user).
import anchor from '@coral-xyz/anchor';
import type { ClusterContext } from '../cluster.ts';
import { LAMPORTS_PER_SOL } from '../constants.ts';
import { users } from '../db/index.ts';
import { claimDemoAdmin, configureDemoAdmin } from '../roles/platform-admin.ts';
import { DemoActionError } from './action-error.ts';
import type { DemoChain } from './chain.ts';

type Keypair = anchor.web3.Keypair;
type PublicKey = anchor.web3.PublicKey;

/** A demo wallet starts with 15.75 SOL. */
export const DEMO_WALLET_LAMPORTS = 15_750_000_000n;

const SEEDED_STUDIO_PREFIX = 'studio:';

/** Names of the server's keys in the chain's key store. */
export const KEY = {
  admin: 'admin',
  treasury: 'treasury',
  settlement: 'settlement',
  wallet: (walletAddress: string) => `wallet:${walletAddress}`,
  studio: (studio: string) => `${SEEDED_STUDIO_PREFIX}${studio}`,
  investor: (number: number) => `investor:${number}`,
  publisher: (publisher: string) => `publisher:${publisher}`,
  /** A seeded advertiser (catalogue.ts ADVERTISERS): funds its campaign from the first start. */
  advertiser: (advertiser: string) => `advertiser:${advertiser}`,
  /** The platform's own advertiser: funds the house campaign that pays the demo's test revenue. */
  houseAdvertiser: 'house-advertiser',
};

export interface DemoWallet {
  walletAddress: string;
  demoAddress: string;
  balanceLamports: string;
  balance: number;
}

export class DemoKeys {
  private readonly keyNames = new Map<string, string>();

  constructor(
    private readonly chain: DemoChain,
    private readonly cluster: ClusterContext,
    private readonly now: () => number,
  ) {}

  key(name: string): Keypair {
    const keypair = this.chain.keypair(name);
    this.keyNames.set(keypair.publicKey.toBase58(), name);
    return keypair;
  }

  /** The keypair of a seeded studio (the server plays the catalogue's studios), by its wallet. */
  seededStudio(address: PublicKey): Keypair | undefined {
    if (!this.keyNames.has(address.toBase58())) {
      for (const name of this.chain.keyNames()) if (name.startsWith(SEEDED_STUDIO_PREFIX)) this.key(name);
    }
    const name = this.keyNames.get(address.toBase58());
    return name?.startsWith(SEEDED_STUDIO_PREFIX) ? this.key(name) : undefined;
  }

  walletInfo(walletAddress: string, keypair: Keypair): DemoWallet {
    const lamports = this.chain.balance(keypair.publicKey);
    return {
      walletAddress,
      demoAddress: keypair.publicKey.toBase58(),
      balanceLamports: lamports.toString(),
      balance: Number(lamports) / LAMPORTS_PER_SOL,
    };
  }

  /** The demo wallet of a connected wallet, or undefined if it never connected. */
  wallet(walletAddress: string): DemoWallet | undefined {
    const name = this.chain.walletKeyName(walletAddress);
    return name ? this.walletInfo(walletAddress, this.key(name)) : undefined;
  }

  /**
   * Maps a connected wallet to its demo keypair, funding it with 15.75 SOL the first time (the key,
   * the mapping and the airdrop are one commit), and links the wallet's user to it in the indexer.
   */
  async connect(walletAddress: string): Promise<DemoWallet> {
    if (this.chain.isServerKey(walletAddress)) {
      throw new DemoActionError(409, `${walletAddress} is a key held by the demo chain, not a wallet: it cannot be connected`);
    }
    let name = this.chain.walletKeyName(walletAddress);
    if (!name) {
      const anyWalletConnectedBefore = this.chain.wallets().length > 0;
      name = KEY.wallet(walletAddress);
      const keypair = this.key(name);
      this.chain.setWalletKey(walletAddress, name);
      this.chain.airdrop(keypair.publicKey, DEMO_WALLET_LAMPORTS);
      await claimDemoAdmin(this.cluster.db, walletAddress, anyWalletConnectedBefore, this.now());
    }
    const keypair = this.key(name);
    try {
      await users.linkSigner(this.cluster.db, walletAddress, keypair.publicKey.toBase58(), this.now());
    } catch (error) {
      if (error instanceof users.UserLinkError) throw new DemoActionError(error.status, error.message);
      throw error;
    }
    return this.walletInfo(walletAddress, keypair);
  }

  /** Re-links every demo wallet's user after a restart (the link may have missed a crash). */
  async relinkWallets(): Promise<void> {
    for (const [walletAddress, name] of this.chain.wallets()) {
      try {
        await users.linkSigner(this.cluster.db, walletAddress, this.key(name).publicKey.toBase58(), this.now());
      } catch (error) {
        // A link the table refuses stays as it is (its investments stay attached); the server still starts.
        if (!(error instanceof users.UserLinkError)) throw error;
        console.warn(`[demo] ${error.message}`);
      }
    }
  }

  /** The demo keypair that signs for a connected wallet (connecting it on first use). */
  async signer(walletAddress: string): Promise<Keypair> {
    if (!this.chain.walletKeyName(walletAddress)) await this.connect(walletAddress);
    return this.key(this.chain.walletKeyName(walletAddress)!);
  }

  /**
   * Makes `walletAddress` the demo platform's admin wallet: its actions are signed by the admin key
   * that initialised the platform (configured with MARQUEE_DEMO_ADMIN_WALLET).
   */
  async assignAdminWallet(walletAddress: string): Promise<void> {
    await configureDemoAdmin(this.cluster.db, walletAddress, this.now());
    if (this.chain.walletKeyName(walletAddress) === KEY.admin) return;
    // A batch of no transactions: the mapping alone is committed (relinkWallets then links the user).
    await this.chain.batch(async () => this.chain.setWalletKey(walletAddress, KEY.admin));
  }
}
