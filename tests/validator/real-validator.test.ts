// Marquee on a real Agave validator: `solana-test-validator` with its default feature set (so
// `disable_sbpf_v0_v1_v2_deployment` is active), marquee.so deployed by migrations/deploy.ts exactly as
// a developer deploys it to devnet, then a studio, a film and an investment sent over JSON-RPC, and the
// indexer's RpcSource reading the program's events back from the validator's own transaction records.
// LiteSVM runs the program suites; this proves what only a real cluster can: the loader accepts the
// SBPF v3 binary, a fresh deployment is invocable once the script has waited a slot, and what the
// RPC answers decodes into the events the index is built from.
//
// Run by scripts/test-validator.sh (which installs the validator when it is missing) through
// tests/validator/all.ts, sharing the one validator of cluster.ts with the other suites.
import anchor from '@coral-xyz/anchor';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
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
import { deployedCluster, fundedWallets, ROOT, validatorCluster } from './cluster.ts';

const { LAMPORTS_PER_SOL, Transaction, sendAndConfirmTransaction } = anchor.web3;

test('the validator runs with its default features: v0–v2 deployment is disabled, and marquee.so is SBPF v3', async () => {
  const { rpcUrl } = await validatorCluster();
  assert.equal(await featureActive(rpcRuntime(rpcUrl), DISABLE_SBPF_V0_V1_V2_DEPLOYMENT), true);
  const program = readFileSync(join(ROOT, 'target/deploy/marquee.so'));
  assert.equal(sbpfVersion(program), 3);
});

test('migrations/deploy.ts deploys marquee.so and initialises the platform in the next slot', { timeout: 180_000 }, async () => {
  const { deployOutput } = await deployedCluster();
  assert.match(deployOutput, /initialize_platform \w+/);
});

test('the deployed program answers: a studio lists a film and an investor backs it over JSON-RPC', { timeout: 120_000 }, async () => {
  const { connection, payer, rpcUrl } = await deployedCluster();
  const pdas = marqueePdas();
  const program = await connection.getAccountInfo(MARQUEE_PROGRAM_ID);
  assert.equal(program?.executable, true);
  const platform = decodeAccount('Platform', (await connection.getAccountInfo(pdas.platform()))!.data);
  assert.equal(platform.admin.toBase58(), payer.publicKey.toBase58());

  const [studio, investor] = await fundedWallets({ connection, payer }, 2, 5);
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
