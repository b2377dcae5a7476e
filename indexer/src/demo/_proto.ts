import anchor from '@coral-xyz/anchor';
import { LiteSVM, FailedTransactionMetadata, Clock } from 'litesvm';
import { idl } from '../program/idl.ts';
const { PublicKey, Keypair, Transaction, SystemProgram, Connection } = anchor.web3;
const programId = new PublicKey(idl.address);
let t = Date.now();
const svm = new LiteSVM();
svm.addProgramFromFile(programId.toBase58() as never, '../target/deploy/marquee.so');
console.log('start', Date.now() - t);
const program = new anchor.Program(idl, { connection: new Connection('http://127.0.0.1:1'), publicKey: PublicKey.default } as never);
const admin = Keypair.generate();
svm.airdrop(admin.publicKey.toBase58() as never, 10_000_000_000n as never);
const find = (...s: Buffer[]) => PublicKey.findProgramAddressSync(s, programId)[0];
const platform = find(Buffer.from('platform'));
const ix = await program.methods.initializePlatform({ treasury: admin.publicKey, settlementAuthority: admin.publicKey, publisherBps: 4000, investorBps: 5750, platformBps: 250, minInvestmentLamports: new anchor.BN(50_000_000), unverifiedFundingCapLamports: new anchor.BN('1000000000000'), verifiedFundingCapLamports: new anchor.BN('100000000000000') })
  .accountsPartial({ admin: admin.publicKey, platform }).instruction();
const tx = new Transaction().add(ix);
tx.recentBlockhash = svm.latestBlockhash(); tx.feePayer = admin.publicKey; tx.sign(admin);
const signatures = Object.fromEntries(tx.signatures.map(({ publicKey, signature }) => [publicKey.toBase58(), signature]));
const res = svm.sendTransaction({ messageBytes: tx.serializeMessage(), signatures } as never);
if (res instanceof FailedTransactionMetadata) { console.log(res.meta().logs()); } else {
  console.log('ok', res.innerInstructions().map(g => g.map(i => ({ p: i.instruction().programIdIndex(), len: i.instruction().data().length, sh: i.stackHeight() }))));
  console.log(tx.compileMessage().accountKeys.map(k => k.toBase58()));
}
t = Date.now();
const bytes = svm.toBytes();
console.log('snapshot', bytes.length, Date.now() - t);
t = Date.now();
const svm2 = LiteSVM.fromBytes(bytes);
console.log('restore', Date.now() - t, svm2.getClock().unixTimestamp, svm2.getAccount(platform.toBase58() as never).exists);
console.log(svm.getClock());
