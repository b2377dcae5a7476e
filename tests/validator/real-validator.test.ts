// Marquee on a real Agave validator: `solana-test-validator` with its default feature set (so
// `disable_sbpf_v0_v1_v2_deployment` is active), marquee.so deployed by migrations/deploy.ts exactly as
// a developer deploys it to devnet, then a studio, a film and an investment sent over JSON-RPC, and the
// indexer's RpcSource reading the program's events back from the validator's own transaction records.
// LiteSVM runs the program suites; this proves what only a real cluster can: the loader accepts the
// SBPF v3 binary, a fresh deployment is invocable once the script has waited a slot, and what the
// RPC answers decodes into the events the index is built from.
//
// Run by scripts/test-validator.sh (which installs the validator when it is missing); VALIDATOR_BIN
// names the binary.
import anchor from '@coral-xyz/anchor';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import {
  createProjectInstruction,
  decodeAccount,
  decodeTransactionEvents,
  filmGenreMask,
  investmentInstructions,
  marqueePdas,
  MARQUEE_PROGRAM_ID,
  registerStudioInstruction,
} from '@marquee/program-client';
import { RpcSource } from '../../indexer/src/index.ts';
import { DISABLE_SBPF_V0_V1_V2_DEPLOYMENT, featureActive, rpcRuntime, sbpfVersion } from '../../migrations/deploy.ts';

const { Connection, Keypair, LAMPORTS_PER_SOL, Transaction, sendAndConfirmTransaction } = anchor.web3;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const VALIDATOR_BIN = process.env.VALIDATOR_BIN ?? 'solana-test-validator';
/** How long a cold validator may take to answer its first getSlot (genesis, the SPL programs, the first banks). */
const STARTUP_MS = 90_000;

let validator: ChildProcess | undefined;
let ledger: string;
let rpcUrl: string;
let connection: anchor.web3.Connection;
const payer = Keypair.generate();

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

before(async () => {
  ledger = mkdtempSync(join(tmpdir(), 'marquee-validator-'));
  const rpcPort = await freePort();
  // The validator takes a contiguous range for gossip, TPU and repair; start it away from the RPC port.
  const dynamicStart = 20_000 + Math.floor(Math.random() * 400) * 100;
  rpcUrl = `http://127.0.0.1:${rpcPort}`;
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
  connection = new Connection(rpcUrl, 'confirmed');
});

after(() => {
  validator?.kill('SIGTERM');
  rmSync(ledger, { recursive: true, force: true });
});

test('the validator runs with its default features: v0–v2 deployment is disabled, and marquee.so is SBPF v3', async () => {
  assert.equal(await featureActive(rpcRuntime(rpcUrl), DISABLE_SBPF_V0_V1_V2_DEPLOYMENT), true);
  const program = readFileSync(join(ROOT, 'target/deploy/marquee.so'));
  assert.equal(sbpfVersion(program), 3);
});

test('migrations/deploy.ts deploys marquee.so and initialises the platform in the next slot', { timeout: 180_000 }, () => {
  const keypairFile = join(ledger, 'payer.json');
  writeFileSync(keypairFile, JSON.stringify([...payer.secretKey]), { mode: 0o600 });
  const run = spawnSync('npx', ['tsx', 'migrations/deploy.ts', '--url', rpcUrl, '--keypair', keypairFile, '--loader', 'ts'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 170_000,
  });
  process.stdout.write(run.stdout);
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /initialize_platform \w+/);
});

test('the deployed program answers: a studio lists a film and an investor backs it over JSON-RPC', { timeout: 120_000 }, async () => {
  const pdas = marqueePdas();
  const program = await connection.getAccountInfo(MARQUEE_PROGRAM_ID);
  assert.equal(program?.executable, true);
  const platform = decodeAccount('Platform', (await connection.getAccountInfo(pdas.platform()))!.data);
  assert.equal(platform.admin.toBase58(), payer.publicKey.toBase58());

  const studio = Keypair.generate();
  const investor = Keypair.generate();
  for (const wallet of [studio, investor]) {
    await sendAndConfirmTransaction(
      connection,
      new Transaction().add(anchor.web3.SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: wallet.publicKey, lamports: 5 * LAMPORTS_PER_SOL })),
      [payer],
    );
  }
  const projectId = BigInt(platform.project_count.toString());
  const now = BigInt(Math.floor(Date.now() / 1000));
  await sendAndConfirmTransaction(
    connection,
    new Transaction().add(
      registerStudioInstruction({ authority: studio.publicKey, name: 'Validator Pictures' }),
      createProjectInstruction({
        authority: studio.publicKey,
        projectId,
        title: 'A Film on a Real Validator',
        metadataUri: 'https://marquee.example/metadata/validator',
        metadataHash: new Uint8Array(32).fill(7),
        fundingGoalLamports: BigInt(LAMPORTS_PER_SOL),
        deadline: now + 7n * 24n * 3600n,
        genreMask: filmGenreMask(['Drama']),
      }),
    ),
    [studio],
  );
  const project = pdas.project(projectId);
  const amount = BigInt(LAMPORTS_PER_SOL / 4);
  const vaultBefore = await connection.getBalance(pdas.vault(project));
  const signature = await sendAndConfirmTransaction(
    connection,
    new Transaction().add(...investmentInstructions({ investor: investor.publicKey, project, amountLamports: amount })),
    [investor],
  );
  assert.equal(BigInt(await connection.getBalance(pdas.vault(project))) - BigInt(vaultBefore), amount);
  const investment = decodeAccount('Investment', (await connection.getAccountInfo(pdas.investment(project, investor.publicKey)))!.data);
  assert.equal(BigInt(investment.lamports.toString()), amount);

  // What the indexer builds its tables from, read back the way it reads devnet.
  const source = new RpcSource({ cluster: 'localnet', rpcUrl });
  const transaction = await source.getTransaction(signature);
  assert.ok(transaction, 'the validator returns the investment transaction');
  const invested = decodeTransactionEvents(transaction).find((event) => event.name === 'Invested');
  assert.ok(invested, 'the Invested event decodes from the validator’s record');
  assert.equal(String(invested.data.investor), investor.publicKey.toBase58());
  assert.equal(BigInt(String(invested.data.amount_lamports)), amount);
});
