import anchor from '@coral-xyz/anchor';
import { decodeTransactionEvents, decodeEventInstruction, eventDataToJson } from '../../indexer/src/program/decoder.ts';
import { PROGRAM_ID, coder } from '../../indexer/src/program/idl.ts';
import { address } from '../../indexer/test/helpers/chain.ts';
import { ScriptedChain } from '../../indexer/test/helpers/scenario.ts';
const { bs58 } = anchor.utils.bytes;
const chain = new ScriptedChain();
chain.initializePlatform();
const studio = chain.registerStudio('bench', 'Bench Studio');
const p = chain.createProject(studio, 'F', 1_000_000);
for (let n = 0; n < 2000; n++) chain.invest(p.id, address(`investor-${n % 50}`), 1_000_000_000n);
const txs = chain.source.transactions.map((e) => e.tx).slice(3);
const datas = txs.flatMap((tx) => tx.innerInstructions.flatMap((g) => g.instructions.filter((i) => tx.accountKeys[i.programIdIndex] === PROGRAM_ID).map((i) => i.data as string)));
console.log('count', datas.length, 'len', datas[0].length);
const time = (name: string, f: () => void) => { const t = performance.now(); f(); console.log(name, ((performance.now() - t) * 1000 / datas.length).toFixed(1), 'µs'); };
let bytes: Uint8Array[] = [];
time('bs58', () => { bytes = datas.map((d) => bs58.decode(d)); });
time('decodeEventInstruction', () => { for (const b of bytes) decodeEventInstruction(b); });
const payloads = bytes.map((b) => Buffer.from(b.subarray(8)));
let decs: any[] = [];
time('events.decode', () => { decs = payloads.map((p) => coder.events.decode(p.toString('base64'))); });
time('types.encode', () => { for (const d of decs) coder.types.encode(d.name, d.data); });
let evs: any[] = [];
time('full decodeTransactionEvents', () => { evs = txs.flatMap((tx) => decodeTransactionEvents(tx, PROGRAM_ID)); });
time('eventDataToJson', () => { for (const e of evs) eventDataToJson(e.data); });
console.log(Object.keys(decs[0].data));
for (let r = 0; r < 2; r++) {
time('bs58', () => { bytes = datas.map((d) => bs58.decode(d)); });
time('decodeEventInstruction', () => { for (const b of bytes) decodeEventInstruction(b); });
time('events.decode', () => { decs = payloads.map((p) => coder.events.decode(p.toString('base64'))); });
time('types.encode', () => { for (const d of decs) coder.types.encode(d.name, d.data); });
time('toBase58 x3', () => { for (const d of decs) { d.data.project.toBase58(); d.data.investor.toBase58(); d.data.investment.toBase58(); } });
time('full decodeTransactionEvents', () => { evs = txs.flatMap((tx) => decodeTransactionEvents(tx, PROGRAM_ID)); });
}
import { decodeBase58 } from '../../indexer/src/program/base58.ts';
for (let r = 0; r < 3; r++) {
time('mine b58', () => { for (const d of datas) decodeBase58(d); });
time('bs58', () => { for (const d of datas) bs58.decode(d); });
time('full decodeTransactionEvents', () => { evs = txs.flatMap((tx) => decodeTransactionEvents(tx, PROGRAM_ID)); });
}
