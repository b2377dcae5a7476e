// One real Agave `solana-test-validator` for every validator suite of this process: started on
// loopback with its default features, marquee.so deployed to it by migrations/deploy.ts exactly as a
// developer deploys it to devnet, and stopped once the process's tests are done. Each suite awaits
// what it needs (the running validator, or the deployed program); both are started once and shared,
// so adding a suite adds its own transactions, not another validator start-up and deployment.
//
// VALIDATOR_BIN names the binary (scripts/test-validator.sh sets it).
import anchor from '@coral-xyz/anchor';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { fileURLToPath } from 'node:url';

const { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction, sendAndConfirmTransaction } = anchor.web3;
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const VALIDATOR_BIN = process.env.VALIDATOR_BIN ?? 'solana-test-validator';
/** How long a cold validator may take to answer its first getSlot (genesis, the SPL programs, the first banks). */
const STARTUP_MS = 90_000;
/** How long migrations/deploy.ts may take: the program's upload is a few hundred write transactions. */
const DEPLOY_MS = 170_000;

export interface Cluster {
  rpcUrl: string;
  connection: anchor.web3.Connection;
  /** The genesis holder (--mint): pays for everything, and deploys and administers the platform. */
  payer: anchor.web3.Keypair;
  ledger: string;
}

export interface DeployedCluster extends Cluster {
  /** What migrations/deploy.ts printed. */
  deployOutput: string;
}

let validator: ChildProcess | undefined;
let ledger: string | undefined;
let running: Promise<Cluster> | undefined;
let deployed: Promise<DeployedCluster> | undefined;

/** A TCP port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

async function awaitRpc(url: string): Promise<void> {
  const deadline = Date.now() + STARTUP_MS;
  const probe = new Connection(url, 'confirmed');
  for (;;) {
    try {
      if ((await probe.getSlot()) > 0) return;
    } catch {
      // not listening yet
    }
    if (validator?.exitCode !== null && validator?.exitCode !== undefined) throw new Error(`solana-test-validator exited with ${validator.exitCode}`);
    if (Date.now() > deadline) throw new Error(`solana-test-validator did not answer on ${url} within ${STARTUP_MS / 1000} s`);
    await new Promise((wait) => setTimeout(wait, 500));
  }
}

async function start(): Promise<Cluster> {
  ledger = mkdtempSync(join(tmpdir(), 'marquee-validator-'));
  const payer = Keypair.generate();
  const rpcPort = await freePort();
  // The validator takes a contiguous range for gossip, TPU and repair; start it away from the RPC port.
  const dynamicStart = 20_000 + Math.floor(Math.random() * 400) * 100;
  const rpcUrl = `http://127.0.0.1:${rpcPort}`;
  // --mint makes the payer the genesis holder, so nothing depends on the faucet. No feature is turned off:
  // the validator runs with every feature it activates by default.
  validator = spawn(
    VALIDATOR_BIN,
    [
      '--ledger',
      ledger,
      '--reset',
      '--quiet',
      '--mint',
      payer.publicKey.toBase58(),
      '--bind-address',
      '127.0.0.1',
      '--rpc-port',
      String(rpcPort),
      '--faucet-port',
      String(await freePort()),
      '--gossip-port',
      String(dynamicStart - 1),
      '--dynamic-port-range',
      `${dynamicStart}-${dynamicStart + 60}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  validator.stderr?.on('data', (chunk) => process.stderr.write(`[validator] ${chunk}`));
  await awaitRpc(rpcUrl);
  return { rpcUrl, connection: new Connection(rpcUrl, 'confirmed'), payer, ledger };
}

function deploy(cluster: Cluster): DeployedCluster {
  const keypairFile = join(cluster.ledger, 'payer.json');
  writeFileSync(keypairFile, JSON.stringify([...cluster.payer.secretKey]), { mode: 0o600 });
  const run = spawnSync('npx', ['tsx', 'migrations/deploy.ts', '--url', cluster.rpcUrl, '--keypair', keypairFile, '--loader', 'ts'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: DEPLOY_MS,
  });
  process.stdout.write(run.stdout);
  if (run.status !== 0) throw new Error(`migrations/deploy.ts exited with ${run.status}: ${run.stderr}`);
  return { ...cluster, deployOutput: run.stdout };
}

/** The running validator (started on the first call). */
export function validatorCluster(): Promise<Cluster> {
  running ??= start();
  return running;
}

/** The validator with marquee.so deployed and the platform initialised (deployed on the first call). */
export function deployedCluster(): Promise<DeployedCluster> {
  deployed ??= validatorCluster().then(deploy);
  return deployed;
}

/** New wallets holding `sol` each, funded by the genesis holder in one transaction. */
export async function fundedWallets(cluster: Pick<Cluster, 'connection' | 'payer'>, count: number, sol: number): Promise<anchor.web3.Keypair[]> {
  const wallets = Array.from({ length: count }, () => Keypair.generate());
  const transfers = wallets.map((wallet) =>
    SystemProgram.transfer({ fromPubkey: cluster.payer.publicKey, toPubkey: wallet.publicKey, lamports: sol * LAMPORTS_PER_SOL }),
  );
  await sendAndConfirmTransaction(cluster.connection, new Transaction().add(...transfers), [cluster.payer]);
  return wallets;
}

after(() => {
  validator?.kill('SIGTERM');
  if (ledger) rmSync(ledger, { recursive: true, force: true });
});
