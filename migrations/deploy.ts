// Deploys target/deploy/marquee.so to a cluster and initialises the Marquee platform.
//
//   npx tsx migrations/deploy.ts [--url https://api.devnet.solana.com] [--keypair ~/.config/solana/id.json]
//       [--program target/deploy/marquee.so] [--program-keypair target/deploy/marquee-keypair.json]
//       [--treasury <address>] [--settlement <address or keypair file>] [--loader cli|ts]
//
// The payer keypair pays and becomes the program's upgrade authority and the platform's admin.
// Deploying uses the Solana CLI (`solana program deploy`) when it is on PATH, otherwise the
// BPF upgradeable loader's instructions from TypeScript: create a buffer, write the program in
// chunks, then deploy it with a maximum data length (twice its size, room for upgrades) — or, when
// the program is already deployed with other bytes, upgrade it from the buffer. Both steps are
// idempotent: an identical program and an initialised platform are left as they are.
//
// Two things a real validator enforces are checked here rather than met as a loader error: a cluster
// where `disable_sbpf_v0_v1_v2_deployment` is active refuses an SBPF v0–v2 binary (the script refuses
// first, naming the feature), and a fresh deployment can be invoked only from the slot after it (the
// script waits for that slot before initialising the platform).
import anchor from '@coral-xyz/anchor';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { decodeAccount, initializePlatformInstruction, MARQUEE_PROGRAM_ID, marqueePdas, pda, UPGRADEABLE_LOADER_ID } from '@marquee/program-client';

const {
  Connection,
  Keypair,
  PublicKey,
  SystemProgram,
  SYSVAR_CLOCK_PUBKEY,
  SYSVAR_RENT_PUBKEY,
  Transaction,
  TransactionExpiredBlockheightExceededError,
  TransactionInstruction,
  sendAndConfirmTransaction,
} = anchor.web3;
type PublicKey = anchor.web3.PublicKey;
type Keypair = anchor.web3.Keypair;
type TransactionInstruction = anchor.web3.TransactionInstruction;

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** UpgradeableLoaderState sizes: Buffer { authority } header, Program { programdata }, ProgramData { slot, authority } header. */
const BUFFER_HEADER = 37;
const PROGRAM_ACCOUNT_SIZE = 36;
const PROGRAMDATA_HEADER = 45;
/** Bytes of program per Write instruction, so each transaction stays under the 1232-byte limit. */
const CHUNK = 900;
/** Write transactions in flight at once. */
const PARALLEL_WRITES = 8;
/** How often, and how long at most, to poll for the slot after a deployment (slots are ~400 ms). */
const SLOT_POLL_MS = 200;
const SLOT_WAIT_MS = 30_000;
/**
 * How many times one transaction is signed and sent before its failure is final. A busy validator (or
 * an RPC node behind) can leave a send without a fresh blockhash, or let its blockhash expire before it
 * lands; neither means the instructions were refused.
 */
const SEND_ATTEMPTS = 4;
const SEND_RETRY_MS = 1_000;

/** What deploying needs from a cluster: a JSON-RPC connection, or a local runtime in tests. */
export interface DeployRuntime {
  getAccount(address: PublicKey): Promise<{ data: Uint8Array; executable: boolean; owner: PublicKey } | null>;
  rentExempt(size: number): Promise<number>;
  /** Sends one transaction (the first signer pays) and returns its signature once confirmed. */
  send(instructions: TransactionInstruction[], signers: Keypair[]): Promise<string>;
  /** Resolves once the cluster has moved past the slot it is in now (a deployment becomes invocable then). */
  awaitNextSlot(): Promise<void>;
}

/** The feature gate that stops the loader deploying SBPF v0, v1 and v2 programs (active on a fresh test validator). */
export const DISABLE_SBPF_V0_V1_V2_DEPLOYMENT = new PublicKey('B8JJXCy5amZyWG9r7EnUYLwzXSXTxG7GZ1qZ1qggo83g');
const FEATURE_PROGRAM_ID = new PublicKey('Feature111111111111111111111111111111111111');
/** Where an ELF64 header keeps e_flags, which is the SBPF version for Solana programs. */
const ELF_FLAGS_OFFSET = 48;

/** The SBPF version a program binary declares (its ELF header's e_flags: 0 for v0, 3 for v3). */
export function sbpfVersion(programBytes: Uint8Array): number {
  const elfMagic = [0x7f, 0x45, 0x4c, 0x46];
  if (programBytes.length < ELF_FLAGS_OFFSET + 4 || !elfMagic.every((byte, index) => programBytes[index] === byte)) {
    throw new Error('The program file is not an ELF binary: run `npm run build:program` first');
  }
  return Buffer.from(programBytes.buffer, programBytes.byteOffset, programBytes.byteLength).readUInt32LE(ELF_FLAGS_OFFSET);
}

/** Whether a feature gate is active on the cluster: its account belongs to the feature program and records an activation slot. */
export async function featureActive(runtime: DeployRuntime, feature: PublicKey): Promise<boolean> {
  const account = await runtime.getAccount(feature);
  return !!account && account.owner.equals(FEATURE_PROGRAM_ID) && account.data[0] === 1;
}

/**
 * Refuses a binary the cluster's loader would refuse, with the reason and the fix, before anything is
 * paid for: an SBPF v0–v2 program where `disable_sbpf_v0_v1_v2_deployment` is active.
 */
export async function assertDeployable(runtime: DeployRuntime, programBytes: Uint8Array): Promise<void> {
  const version = sbpfVersion(programBytes);
  if (version < 3 && (await featureActive(runtime, DISABLE_SBPF_V0_V1_V2_DEPLOYMENT))) {
    throw new Error(
      `This cluster has the feature disable_sbpf_v0_v1_v2_deployment (${DISABLE_SBPF_V0_V1_V2_DEPLOYMENT.toBase58()}) active, ` +
        `so its loader refuses SBPF v${version} programs; the program file is SBPF v${version}. Build an SBPF v3 program (npm run build:program) and deploy that.`,
    );
  }
}

/** UpgradeableLoaderInstruction, bincode-encoded: u32 variant, then the fields. */
const loader = {
  initializeBuffer: (buffer: PublicKey, authority: PublicKey) =>
    new TransactionInstruction({
      programId: UPGRADEABLE_LOADER_ID,
      keys: [
        { pubkey: buffer, isSigner: false, isWritable: true },
        { pubkey: authority, isSigner: false, isWritable: false },
      ],
      data: u32(0),
    }),
  write: (buffer: PublicKey, authority: PublicKey, offset: number, bytes: Uint8Array) =>
    new TransactionInstruction({
      programId: UPGRADEABLE_LOADER_ID,
      keys: [
        { pubkey: buffer, isSigner: false, isWritable: true },
        { pubkey: authority, isSigner: true, isWritable: false },
      ],
      data: Buffer.concat([u32(1), u32(offset), u64(bytes.length), bytes]),
    }),
  deployWithMaxDataLen: (payer: PublicKey, program: PublicKey, buffer: PublicKey, authority: PublicKey, maxDataLen: number) =>
    new TransactionInstruction({
      programId: UPGRADEABLE_LOADER_ID,
      keys: [
        { pubkey: payer, isSigner: true, isWritable: true },
        { pubkey: marqueePdas(program).programData(), isSigner: false, isWritable: true },
        { pubkey: program, isSigner: false, isWritable: true },
        { pubkey: buffer, isSigner: false, isWritable: true },
        { pubkey: SYSVAR_RENT_PUBKEY, isSigner: false, isWritable: false },
        { pubkey: SYSVAR_CLOCK_PUBKEY, isSigner: false, isWritable: false },
        { pubkey: SystemProgram.programId, isSigner: false, isWritable: false },
        { pubkey: authority, isSigner: true, isWritable: false },
      ],
      data: Buffer.concat([u32(2), u64(maxDataLen)]),
    }),
  upgrade: (program: PublicKey, buffer: PublicKey, spill: PublicKey, authority: PublicKey) =>
    new TransactionInstruction({
      programId: UPGRADEABLE_LOADER_ID,
      keys: [
        { pubkey: marqueePdas(program).programData(), isSigner: false, isWritable: true },
        { pubkey: program, isSigner: false, isWritable: true },
        { pubkey: buffer, isSigner: false, isWritable: true },
        { pubkey: spill, isSigner: false, isWritable: true },
        { pubkey: SYSVAR_RENT_PUBKEY, isSigner: false, isWritable: false },
        { pubkey: SYSVAR_CLOCK_PUBKEY, isSigner: false, isWritable: false },
        { pubkey: authority, isSigner: true, isWritable: false },
      ],
      data: u32(3),
    }),
  extendProgram: (program: PublicKey, payer: PublicKey, additionalBytes: number) =>
    new TransactionInstruction({
      programId: UPGRADEABLE_LOADER_ID,
      keys: [
        { pubkey: marqueePdas(program).programData(), isSigner: false, isWritable: true },
        { pubkey: program, isSigner: false, isWritable: true },
        { pubkey: SystemProgram.programId, isSigner: false, isWritable: false },
        { pubkey: payer, isSigner: true, isWritable: true },
      ],
      data: Buffer.concat([u32(6), u32(additionalBytes)]),
    }),
};

function u32(value: number) {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
}

function u64(value: number) {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(BigInt(value));
  return bytes;
}

export type DeployOutcome = 'deployed' | 'upgraded' | 'unchanged';

/**
 * Deploys (or upgrades) `programBytes` at `programKeypair`'s address with the upgradeable loader,
 * `payer` paying and holding the upgrade authority.
 */
export async function deployWithLoader(
  runtime: DeployRuntime,
  options: { payer: Keypair; programKeypair: Keypair; programBytes: Uint8Array; log?: (line: string) => void },
): Promise<DeployOutcome> {
  const { payer, programKeypair, programBytes } = options;
  const log = options.log ?? (() => {});
  const program = programKeypair.publicKey;
  await assertDeployable(runtime, programBytes);
  const existing = await runtime.getAccount(program);
  const programData = marqueePdas(program).programData();
  let currentData: Uint8Array | undefined;
  if (existing) {
    if (!existing.owner.equals(UPGRADEABLE_LOADER_ID)) throw new Error(`${program.toBase58()} exists and is not an upgradeable program`);
    currentData = (await runtime.getAccount(programData))?.data;
    const deployed = currentData?.subarray(PROGRAMDATA_HEADER, PROGRAMDATA_HEADER + programBytes.length);
    const tail = currentData?.subarray(PROGRAMDATA_HEADER + programBytes.length) ?? [];
    if (deployed && Buffer.from(deployed).equals(Buffer.from(programBytes)) && tail.every((byte) => byte === 0)) {
      log(`program ${program.toBase58()} already deployed with these bytes`);
      return 'unchanged';
    }
  }

  const buffer = Keypair.generate();
  log(`buffer ${buffer.publicKey.toBase58()}: ${programBytes.length} bytes in ${Math.ceil(programBytes.length / CHUNK)} writes`);
  await runtime.send(
    [
      SystemProgram.createAccount({
        fromPubkey: payer.publicKey,
        newAccountPubkey: buffer.publicKey,
        lamports: await runtime.rentExempt(BUFFER_HEADER + programBytes.length),
        space: BUFFER_HEADER + programBytes.length,
        programId: UPGRADEABLE_LOADER_ID,
      }),
      loader.initializeBuffer(buffer.publicKey, payer.publicKey),
    ],
    [payer, buffer],
  );
  const offsets = Array.from({ length: Math.ceil(programBytes.length / CHUNK) }, (_, index) => index * CHUNK);
  for (let start = 0; start < offsets.length; start += PARALLEL_WRITES) {
    await Promise.all(
      offsets.slice(start, start + PARALLEL_WRITES).map((offset) =>
        runtime.send([loader.write(buffer.publicKey, payer.publicKey, offset, programBytes.subarray(offset, offset + CHUNK))], [payer]),
      ),
    );
    log(`written ${Math.min(offsets.length, start + PARALLEL_WRITES)}/${offsets.length}`);
  }

  if (!existing) {
    await runtime.send(
      [
        SystemProgram.createAccount({
          fromPubkey: payer.publicKey,
          newAccountPubkey: program,
          lamports: await runtime.rentExempt(PROGRAM_ACCOUNT_SIZE),
          space: PROGRAM_ACCOUNT_SIZE,
          programId: UPGRADEABLE_LOADER_ID,
        }),
        loader.deployWithMaxDataLen(payer.publicKey, program, buffer.publicKey, payer.publicKey, programBytes.length * 2),
      ],
      [payer, programKeypair],
    );
    await runtime.awaitNextSlot();
    log(`deployed ${program.toBase58()}`);
    return 'deployed';
  }
  const capacity = (currentData?.length ?? PROGRAMDATA_HEADER) - PROGRAMDATA_HEADER;
  const instructions = [];
  if (programBytes.length > capacity) instructions.push(loader.extendProgram(program, payer.publicKey, programBytes.length - capacity));
  instructions.push(loader.upgrade(program, buffer.publicKey, payer.publicKey, payer.publicKey));
  await runtime.send(instructions, [payer]);
  await runtime.awaitNextSlot();
  log(`upgraded ${program.toBase58()}`);
  return 'upgraded';
}

/**
 * initialize_platform with the spec's split and limits, unless the platform exists already. An
 * existing platform must be administered by the deployer (the program lets only its upgrade
 * authority initialise, but a platform initialised by someone else, or handed over since, is not
 * this deployment's): otherwise this throws, naming the admin found.
 */
export async function initializePlatform(
  runtime: DeployRuntime,
  options: { admin: Keypair; treasury: PublicKey; settlementAuthority: PublicKey },
): Promise<string | null> {
  const existing = await runtime.getAccount(pda.platform());
  if (existing) {
    const admin = new PublicKey(decodeAccount<{ admin: PublicKey }>('Platform', existing.data).admin);
    if (!admin.equals(options.admin.publicKey)) {
      throw new Error(
        `The platform at ${pda.platform().toBase58()} is administered by ${admin.toBase58()}, not by the deployer ${options.admin.publicKey.toBase58()}: refusing to continue`,
      );
    }
    return null;
  }
  return runtime.send(
    [initializePlatformInstruction({ admin: options.admin.publicKey, treasury: options.treasury, settlementAuthority: options.settlementAuthority })],
    [options.admin],
  );
}

/**
 * Whether a send failed before its transaction could land, so signing and sending it again cannot do
 * its work twice: no fresh blockhash was obtained (nothing was sent), or the blockhash expired unconfirmed
 * (the cluster will never execute it now). Any other failure, a program error above all, is final.
 */
export function sendNeverLanded(error: unknown): boolean {
  if (error instanceof TransactionExpiredBlockheightExceededError) return true;
  return /Unable to obtain a new blockhash|Blockhash not found|block height exceeded/i.test(String((error as Error)?.message ?? error));
}

/** The signature of an expired send that the cluster did execute after all (its confirmation was missed), else null. */
async function landedDespite(connection: InstanceType<typeof Connection>, error: unknown): Promise<string | null> {
  if (!(error instanceof TransactionExpiredBlockheightExceededError)) return null;
  const { value } = await connection.getSignatureStatus(error.signature, { searchTransactionHistory: true });
  return value && !value.err && value.confirmationStatus !== 'processed' ? error.signature : null;
}

/** A JSON-RPC cluster as a DeployRuntime ('confirmed' commitment). */
export function rpcRuntime(url: string): DeployRuntime {
  const connection = new Connection(url, 'confirmed');
  return {
    async getAccount(address) {
      const info = await connection.getAccountInfo(address);
      return info && { data: info.data, executable: info.executable, owner: info.owner };
    },
    rentExempt: (size) => connection.getMinimumBalanceForRentExemption(size),
    async send(instructions, signers) {
      for (let attempt = 1; ; attempt++) {
        try {
          // A new Transaction each time: it is signed again over a fresh blockhash.
          return await sendAndConfirmTransaction(connection, new Transaction().add(...instructions), signers, { commitment: 'confirmed' });
        } catch (error) {
          const landed = await landedDespite(connection, error);
          if (landed) return landed;
          if (!sendNeverLanded(error) || attempt === SEND_ATTEMPTS) throw error;
          console.warn(`deploy: ${(error as Error).message}; sending again (${attempt + 1}/${SEND_ATTEMPTS})`);
          await new Promise((resolveWait) => setTimeout(resolveWait, SEND_RETRY_MS));
        }
      }
    },
    async awaitNextSlot() {
      const current = await connection.getSlot('confirmed');
      const deadline = Date.now() + SLOT_WAIT_MS;
      while ((await connection.getSlot('confirmed')) <= current) {
        if (Date.now() > deadline) throw new Error(`${url} stayed at slot ${current} for ${SLOT_WAIT_MS / 1000} s: is the validator producing blocks?`);
        await new Promise((resolveWait) => setTimeout(resolveWait, SLOT_POLL_MS));
      }
    },
  };
}

/**
 * The repository's program keypair is public (tests and the demo chain use it): on any cluster but a
 * local validator, anyone could have deployed at its address first, or could later. A real deployment
 * uses the deployer's own keypair, made by `npm run keys`.
 */
export function assertOwnProgramKey(programId: PublicKey, url: string): void {
  const testId = readKeypair(join(ROOT, 'programs/marquee/test-program-keypair.json')).publicKey;
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);
  if (programId.equals(testId) && !local) {
    throw new Error(
      `${programId.toBase58()} is the repository's public test program key: it is not yours to deploy to ${url}. ` +
        'Run npm run keys (it creates target/deploy/marquee-keypair.json and writes its id into the sources), then npm run build:program.',
    );
  }
}

export function readKeypair(path: string): Keypair {
  return Keypair.fromSecretKey(Uint8Array.from(JSON.parse(readFileSync(path, 'utf8'))));
}

function hasSolanaCli(): boolean {
  return spawnSync('solana', ['--version'], { stdio: 'ignore' }).status === 0;
}

function argument(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

async function main(args: string[]) {
  const url = argument(args, 'url') ?? process.env.MARQUEE_DEPLOY_RPC_URL ?? process.env.DEVNET_RPC_URL ?? 'https://api.devnet.solana.com';
  const keypairPath = resolve(argument(args, 'keypair') ?? process.env.MARQUEE_DEPLOY_KEYPAIR ?? join(homedir(), '.config/solana/id.json'));
  const programPath = resolve(argument(args, 'program') ?? join(ROOT, 'target/deploy/marquee.so'));
  const programKeypairPath = resolve(argument(args, 'program-keypair') ?? join(ROOT, 'target/deploy/marquee-keypair.json'));
  for (const path of [keypairPath, programPath, programKeypairPath]) {
    if (!existsSync(path)) throw new Error(`${path} is missing${path === programPath ? ': run `npm run build:program` first' : ''}`);
  }
  const payer = readKeypair(keypairPath);
  const programKeypair = readKeypair(programKeypairPath);
  if (!programKeypair.publicKey.equals(MARQUEE_PROGRAM_ID)) {
    throw new Error(
      `The program keypair is ${programKeypair.publicKey.toBase58()}, the IDL's program is ${MARQUEE_PROGRAM_ID.toBase58()}: run npm run keys, then npm run build:program`,
    );
  }
  assertOwnProgramKey(programKeypair.publicKey, url);
  const settlementArgument = argument(args, 'settlement') ?? process.env.MARQUEE_SETTLEMENT_KEYPAIR;
  const settlementAuthority = !settlementArgument
    ? payer.publicKey
    : existsSync(settlementArgument)
      ? readKeypair(settlementArgument).publicKey
      : new PublicKey(settlementArgument);
  const treasury = new PublicKey(argument(args, 'treasury') ?? payer.publicKey);
  const runtime = rpcRuntime(url);
  const useCli = (argument(args, 'loader') ?? (hasSolanaCli() ? 'cli' : 'ts')) === 'cli';

  console.log(`==> deploying ${programPath} to ${url} as ${MARQUEE_PROGRAM_ID.toBase58()} (payer ${payer.publicKey.toBase58()}, ${useCli ? 'solana CLI' : 'upgradeable loader from TypeScript'})`);
  const programBytes = readFileSync(programPath);
  await assertDeployable(runtime, programBytes);
  if (useCli) {
    execFileSync('solana', ['program', 'deploy', programPath, '--program-id', programKeypairPath, '--keypair', keypairPath, '--url', url], { stdio: 'inherit' });
    await runtime.awaitNextSlot();
  } else {
    await deployWithLoader(runtime, { payer, programKeypair, programBytes, log: (line) => console.log(`    ${line}`) });
  }
  console.log(`==> initialising the platform (admin ${payer.publicKey.toBase58()}, treasury ${treasury.toBase58()}, settlement ${settlementAuthority.toBase58()})`);
  const signature = await initializePlatform(runtime, { admin: payer, treasury, settlementAuthority });
  console.log(signature ? `    initialize_platform ${signature}` : '    the platform is already initialised');
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
