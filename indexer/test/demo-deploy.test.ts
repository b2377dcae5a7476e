// migrations/deploy.ts against a local runtime (LiteSVM): the upgradeable loader's buffer, chunked
// writes and deploy put marquee.so on chain, the platform is initialised through it, a second run
// changes nothing, and a deployed program is upgraded in place.
import anchor from '@coral-xyz/anchor';
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  DISABLE_SBPF_V0_V1_V2_DEPLOYMENT,
  deployWithLoader,
  initializePlatform,
  readKeypair,
  sbpfVersion,
  sendNeverLanded,
  type DeployRuntime,
} from '../../migrations/deploy.ts';
import { decodeAccount, MARQUEE_PROGRAM_ID as PROGRAM_ADDRESS, pda, UPGRADEABLE_LOADER_ID as BPF_LOADER_UPGRADEABLE } from '@marquee/program-client';

const { Keypair, PublicKey, Transaction } = anchor.web3;
const { bs58 } = anchor.utils.bytes;
const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const address = (key: anchor.web3.PublicKey) => key.toBase58() as never;

/** LiteSVM as the cluster: each transaction confirmed at once, the slot moving on after it. */
function liteSvmRuntime(svm: LiteSVM): DeployRuntime {
  return {
    async getAccount(key) {
      const account = svm.getAccount(address(key));
      return account.exists ? { data: account.data, executable: account.executable, owner: new PublicKey(account.programAddress) } : null;
    },
    rentExempt: async (size) => Number(svm.minimumBalanceForRentExemption(BigInt(size))),
    async send(instructions, signers) {
      const transaction = new Transaction().add(...instructions);
      transaction.recentBlockhash = svm.latestBlockhash();
      transaction.feePayer = signers[0].publicKey;
      transaction.sign(...signers);
      const signatures = Object.fromEntries(transaction.signatures.map(({ publicKey, signature }) => [publicKey.toBase58(), signature]));
      const result = svm.sendTransaction({ messageBytes: transaction.serializeMessage(), signatures } as never);
      svm.expireBlockhash();
      if (result instanceof FailedTransactionMetadata) throw new Error(result.meta().logs().join('\n'));
      return bs58.encode((result as TransactionMetadata).signature());
    },
    // A deployed program is invocable from the next slot, as on a cluster: only this moves the slot,
    // so a deploy that did not wait would meet "Program is not deployed" when initialising.
    async awaitNextSlot() {
      svm.warpToSlot(svm.getClock().slot + 1n);
    },
  };
}

function setup() {
  const svm = new LiteSVM();
  const payer = Keypair.generate();
  svm.airdrop(address(payer.publicKey), 100_000_000_000n as never);
  const programKeypair = readKeypair(root('programs/marquee/test-program-keypair.json'));
  return { svm, runtime: liteSvmRuntime(svm), payer, programKeypair };
}

describe('migrations/deploy.ts', () => {
  const programBytes = readFileSync(root('target/deploy/marquee.so'));

  test('deploys marquee.so with the upgradeable loader, initialises the platform, and a second run changes nothing', async () => {
    const { svm, runtime, payer, programKeypair } = setup();
    assert.ok(programKeypair.publicKey.equals(PROGRAM_ADDRESS));
    const lines: string[] = [];
    assert.equal(await deployWithLoader(runtime, { payer, programKeypair, programBytes, log: (line) => lines.push(line) }), 'deployed');
    assert.match(lines[0], new RegExp(`${programBytes.length} bytes in ${Math.ceil(programBytes.length / 900)} writes`));
    const program = svm.getAccount(address(PROGRAM_ADDRESS));
    assert.ok(program.exists && program.executable);
    assert.equal(program.exists && program.programAddress, BPF_LOADER_UPGRADEABLE.toBase58());
    const data = svm.getAccount(address(pda.programData()));
    assert.ok(data.exists);
    assert.equal(data.exists && data.data.length, 45 + programBytes.length * 2);

    const settlement = Keypair.generate().publicKey;
    const signature = await initializePlatform(runtime, { admin: payer, treasury: payer.publicKey, settlementAuthority: settlement });
    assert.ok(signature);
    const platformAccount = svm.getAccount(address(pda.platform()));
    assert.ok(platformAccount.exists);
    const platform = decodeAccount('Platform', platformAccount.exists ? platformAccount.data : new Uint8Array());
    assert.equal(platform.admin.toBase58(), payer.publicKey.toBase58());
    assert.equal(platform.settlement_authority.toBase58(), settlement.toBase58());
    assert.deepEqual([platform.publisher_bps, platform.investor_bps, platform.platform_bps], [4000, 5750, 250]);

    assert.equal(await deployWithLoader(runtime, { payer, programKeypair, programBytes }), 'unchanged');
    assert.equal(await initializePlatform(runtime, { admin: payer, treasury: payer.publicKey, settlementAuthority: settlement }), null);
  });

  test('error: a second deployer finds the platform administered by someone else and fails loudly; the program refuses it too', async () => {
    const { svm, runtime, payer, programKeypair } = setup();
    assert.equal(await deployWithLoader(runtime, { payer, programKeypair, programBytes }), 'deployed');
    assert.ok(await initializePlatform(runtime, { admin: payer, treasury: payer.publicKey, settlementAuthority: payer.publicKey }));
    const other = Keypair.generate();
    svm.airdrop(address(other.publicKey), 10_000_000_000n as never);
    await assert.rejects(
      initializePlatform(runtime, { admin: other, treasury: other.publicKey, settlementAuthority: other.publicKey }),
      new RegExp(`administered by ${payer.publicKey.toBase58()}, not by the deployer ${other.publicKey.toBase58()}`),
    );
  });

  test("error: the program refuses an initialisation by anyone but its upgrade authority (custom error Unauthorized)", async () => {
    const { svm, runtime, payer, programKeypair } = setup();
    assert.equal(await deployWithLoader(runtime, { payer, programKeypair, programBytes }), 'deployed');
    const other = Keypair.generate();
    svm.airdrop(address(other.publicKey), 10_000_000_000n as never);
    await assert.rejects(
      initializePlatform(runtime, { admin: other, treasury: other.publicKey, settlementAuthority: other.publicKey }),
      /custom program error: 0x1775|Custom\(6005\)|6005/,
    );
    assert.equal(svm.getAccount(address(pda.platform())).exists, false);
  });

  test('upgrades a deployed program in place when the bytes differ', async () => {
    const { svm, runtime, payer, programKeypair } = setup();
    assert.equal(await deployWithLoader(runtime, { payer, programKeypair, programBytes }), 'deployed');
    // A new version: the same code with bytes appended that nothing references.
    const newer = Buffer.concat([programBytes, Buffer.alloc(4096, 0xab)]);
    assert.equal(await deployWithLoader(runtime, { payer, programKeypair, programBytes: newer }), 'upgraded');
    const data = svm.getAccount(address(pda.programData()));
    assert.ok(data.exists && Buffer.from(data.data.subarray(45, 45 + newer.length)).equals(newer));
    assert.equal(await deployWithLoader(runtime, { payer, programKeypair, programBytes: newer }), 'unchanged');
    assert.ok(await initializePlatform(runtime, { admin: payer, treasury: payer.publicKey, settlementAuthority: payer.publicKey }));
  });

  test('error: a cluster that disables SBPF v0–v2 deployment gets a refusal naming the feature, before anything is paid', async () => {
    const { svm, runtime, payer, programKeypair } = setup();
    // The feature gate as a cluster records it: owned by the feature program, Some(activation slot).
    const activated = Buffer.concat([Buffer.from([1]), Buffer.alloc(8)]);
    svm.setAccount({
      address: address(DISABLE_SBPF_V0_V1_V2_DEPLOYMENT),
      data: activated,
      executable: false,
      lamports: 1_000_000n,
      programAddress: 'Feature111111111111111111111111111111111111',
      space: BigInt(activated.length),
    } as never);
    const before = svm.getBalance(address(payer.publicKey));
    const legacy = Buffer.from(programBytes);
    legacy.writeUInt32LE(0, 48);
    assert.equal(sbpfVersion(legacy), 0);
    await assert.rejects(
      deployWithLoader(runtime, { payer, programKeypair, programBytes: legacy }),
      new RegExp(`disable_sbpf_v0_v1_v2_deployment \\(${DISABLE_SBPF_V0_V1_V2_DEPLOYMENT.toBase58()}\\) active.*SBPF v0`),
    );
    assert.equal(svm.getBalance(address(payer.publicKey)), before);
    assert.equal(svm.getAccount(address(PROGRAM_ADDRESS)).exists, false);
    await assert.rejects(deployWithLoader(runtime, { payer, programKeypair, programBytes: Buffer.from('not an elf') }), /not an ELF binary/);
  });

  test('a send is signed again only when it cannot have landed: no fresh blockhash, or an expired one; a program error is final', () => {
    const { TransactionExpiredBlockheightExceededError } = anchor.web3;
    assert.equal(sendNeverLanded(new Error('Unable to obtain a new blockhash after 10236ms')), true);
    assert.equal(sendNeverLanded(new TransactionExpiredBlockheightExceededError('5xYz')), true);
    assert.equal(sendNeverLanded(new Error('failed to send transaction: Transaction simulation failed: Blockhash not found')), true);
    assert.equal(sendNeverLanded(new Error('Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1770')), false);
    assert.equal(sendNeverLanded(new Error('Attempt to debit an account but found no record of a prior credit.')), false);
  });
});
