import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import anchor from '@coral-xyz/anchor';
import { readFileSync } from 'node:fs';
import {
  CAMPAIGN_EVENT_NAMES,
  decodeEventInstruction,
  decodeTransactionEvents,
  decodeWithCoder,
  EVENT_IX_TAG,
  EVENT_NAMES,
  MARQUEE_IDL as idl,
  MARQUEE_PROGRAM_ADDRESS,
  toChainTransaction,
  typedEvent,
  UndecodableEventError,
} from '@marquee/program-client';
import { EVENT_TYPES_PATH, eventTypesSource } from '../../packages/program-client/scripts/event-types.ts';
import { address, buildTransaction, encodeEvent, toRpcJson } from './helpers/chain.ts';
import { fullScenario, ScriptedChain } from './helpers/scenario.ts';

const { bs58 } = anchor.utils.bytes;

describe('decoder', () => {
  test("EVENT_IX_TAG is Anchor's tag as the program writes it (e4 45 a5 2e 51 cb 9a 1d)", () => {
    assert.equal(Buffer.from(EVENT_IX_TAG).toString('hex'), 'e445a52e51cb9a1d');
  });

  test("the program client's event types are generated from the current IDL", () => {
    assert.equal(readFileSync(EVENT_TYPES_PATH, 'utf8'), eventTypesSource());
  });

  test('a typed event narrows its data by its name', () => {
    const chain = new ScriptedChain();
    chain.initializePlatform();
    const [event] = decodeTransactionEvents(chain.source.transactions[0].tx);
    const typed = typedEvent(event);
    assert.equal(typed.name, 'PlatformInitialized');
    if (typed.name === 'PlatformInitialized') assert.equal(typeof typed.data.publisher_bps, 'number');
  });

  test('the IDL defines exactly the events the indexer projects, and the campaign events', () => {
    assert.deepEqual(idl.events!.map((e) => e.name).sort(), [...EVENT_NAMES, ...CAMPAIGN_EVENT_NAMES].sort());
  });

  test("campaign events are numbered in the campaign's stream, even CampaignSettled that names a project", () => {
    const campaign = address('campaign');
    const settled = {
      campaign, advertiser: address('advertiser'), project: address('p'), distribution: address('d'), distribution_index: 0n, batch_id: 1n,
      impressions: 1_000n, amount_lamports: 15_000_000n, rent_lamports: 0n, spent_after: 15_000_000n, remaining_after: 985_000_000n,
      impressions_after: 1_000n, seq: 2n, timestamp: 1n,
    };
    const paused = { campaign, advertiser: address('advertiser'), paused_before: false, paused: true, seq: 3n, timestamp: 2n };
    const events = decodeTransactionEvents(buildTransaction([{ name: 'CampaignSettled', data: settled }, { name: 'CampaignPauseSet', data: paused }]));
    assert.deepEqual(events.map((e) => [e.name, e.stream, e.seq]), [['CampaignSettled', campaign, 2], ['CampaignPauseSet', campaign, 3]]);
    assert.equal(events[0].data.amount_lamports, 15_000_000n);
  });

  test('every event kind decodes from a scripted chain, with its stream and seq', () => {
    const chain = new ScriptedChain();
    chain.initializePlatform();
    const studio = chain.registerStudio('s', 'Studio');
    chain.verifyStudio(studio);
    const p = chain.createProject(studio, 'Film', 1);
    chain.invest(p.id, address('alice'), 1_000_000_000n);
    chain.claimLicense(p.id);
    chain.updateMetadata(p.id, 'https://marquee.test/api/metadata/edited', Array(32).fill(7));
    const { embed } = chain.registerEmbed(p.id, address('pub'), 'embed-0-1', 'https://example.com');
    chain.distributeRevenue(p.id, 1_000_000n, [{ embed, views: 10n }]);
    chain.claimRevenue(p.id, address('alice'));
    chain.publisherClaim(p.id, embed, address('pub'), 400_000n, 400_000n);
    const q = chain.createProject(studio, 'Flop', 1);
    chain.invest(q.id, address('bob'), 100_000_000n);
    chain.refund(q.id, address('bob'));
    const events = chain.source.transactions.flatMap(({ tx }) => decodeTransactionEvents(tx));
    assert.deepEqual(new Set(events.map((e) => e.name)), new Set(EVENT_NAMES.filter((n) => n !== 'PlatformUpdated')));
    const invested = events.find((e) => e.name === 'Invested')!;
    assert.equal(invested.stream, p.address);
    assert.equal(invested.seq, 2);
    assert.equal(invested.data.amount_lamports, 1_000_000_000n);
    assert.equal(invested.data.status_after, 'funded');
    assert.equal(invested.data.investor, address('alice'));
    assert.equal(events.find((e) => e.name === 'StudioVerified')!.stream, 'platform');
    const distributed = events.find((e) => e.name === 'RevenueDistributed')!;
    assert.deepEqual((distributed.data.embeds as { embed: string }[])[0].embed, embed);
  });

  test('a failed transaction has no events', () => {
    const tx = buildTransaction([{ name: 'LicenseClaimed', data: { project: address('p'), studio: address('s'), amount_lamports: 1n, seq: 2n, timestamp: 1n } }], {
      err: { InstructionError: [0, { Custom: 6024 }] },
    });
    assert.deepEqual(decodeTransactionEvents(tx), []);
  });

  test('event bytes under another program, and non-event data under ours, are ignored', () => {
    const event = encodeEvent('LicenseClaimed', { project: address('p'), studio: address('s'), amount_lamports: 1n, seq: 2n, timestamp: 1n });
    const tx = buildTransaction([]);
    tx.accountKeys.push(address('impostor-program'));
    tx.innerInstructions[0].instructions.push(
      { programIdIndex: 3, data: bs58.encode(event) },
      { programIdIndex: 2, data: bs58.encode(Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17])) },
    );
    assert.deepEqual(decodeTransactionEvents(tx), []);
  });

  test('an event body that does not decode with the IDL, or an unknown event, throws (ingestion quarantines it)', () => {
    const event = encodeEvent('LicenseClaimed', { project: address('p'), studio: address('s'), amount_lamports: 1n, seq: 2n, timestamp: 1n });
    const truncated = buildTransaction([]);
    truncated.innerInstructions[0].instructions.push({ programIdIndex: 2, data: event.subarray(0, 30) });
    assert.throws(() => decodeTransactionEvents(truncated), (error: Error) => error instanceof UndecodableEventError && /instruction 0, event 0: /.test(error.message));
    const unknown = buildTransaction([]);
    const renamed = Buffer.from(event);
    renamed.fill(0xab, 8, 16);
    unknown.innerInstructions[0].instructions.push({ programIdIndex: 2, data: renamed });
    assert.throws(() => decodeTransactionEvents(unknown), /unknown event discriminator abababababababab/);
  });

  test("the event reader reads every event as anchor's coder does (pubkeys, u64/i64/u128, enums, strings, arrays, vecs)", () => {
    const { chain, film, embed } = fullScenario();
    chain.updateMetadata(film.id, 'https://marquee.test/api/metadata/édité', Array(32).fill(9));
    const campaign = chain.createCampaign(address('advertiser')).address;
    chain.topUpCampaign(campaign, 5_000_000n);
    chain.pauseCampaign(campaign, true);
    chain.pauseCampaign(campaign, false);
    chain.settleCampaign(campaign, film.id, 2n, [{ embed, views: 2n }]);
    chain.closeCampaign(campaign);
    const seen = new Set<string>();
    for (const { tx } of chain.source.transactions) {
      for (const group of tx.innerInstructions) {
        for (const instruction of group.instructions) {
          const data = Buffer.from(bs58.decode(instruction.data as string));
          const read = decodeEventInstruction(data);
          if (!read) continue;
          assert.deepEqual(read, decodeWithCoder(data.subarray(8)), read.name);
          seen.add(read.name);
        }
      }
    }
    assert.deepEqual([...seen].sort(), [...EVENT_NAMES, ...CAMPAIGN_EVENT_NAMES].filter((name) => name !== 'PlatformUpdated').sort());
  });

  test('a body the IDL does not describe exactly is refused: a byte too many, too few, a bool that is not 0 or 1, an enum tag past its variants', () => {
    const invested = fullScenario().chain.source.transactions.map(({ tx }) => tx).flatMap((tx) => tx.innerInstructions.flatMap((group) => group.instructions));
    const body = invested.map((instruction) => Buffer.from(bs58.decode(instruction.data as string))).find((data) => decodeEventInstruction(data)?.name === 'Invested')!;
    const refuse = (bytes: Buffer, reason: RegExp) => {
      assert.throws(() => decodeEventInstruction(bytes), (error: Error) => error instanceof UndecodableEventError && reason.test(error.message));
      assert.throws(() => decodeWithCoder(bytes.subarray(8)), UndecodableEventError);
    };
    refuse(Buffer.concat([body, Buffer.from([0])]), /1 bytes left over/);
    refuse(body.subarray(0, body.length - 1), /the body ends/);
    // Invested ends with: new_investor (bool), status_after (enum), seq (u64), timestamp (i64).
    const badBool = Buffer.from(body);
    badBool[body.length - 18] = 2;
    refuse(badBool, /invalid bool 2/);
    const badEnum = Buffer.from(body);
    badEnum[body.length - 17] = 7;
    refuse(badEnum, /ProjectStatus has no variant 7/);
  });

  test('events are keyed by outer instruction index and position, across several instructions', () => {
    const data = (seq: bigint) => ({ project: address('p'), studio: address('s'), amount_lamports: 1n, seq, timestamp: 1n });
    const tx = buildTransaction([{ name: 'LicenseClaimed', data: data(2n) }, { name: 'LicenseClaimed', data: data(3n) }]);
    tx.innerInstructions.push({ index: 2, instructions: [{ programIdIndex: 2, data: encodeEvent('LicenseClaimed', data(4n)) }] });
    const keys = decodeTransactionEvents(tx).map((e) => [e.ixIndex, e.eventIndex, e.seq]);
    assert.deepEqual(keys, [
      [0, 0, 2],
      [0, 1, 3],
      [2, 0, 4],
    ]);
  });

  test('toChainTransaction reads JSON-RPC results, including v0 loaded addresses', () => {
    const tx = buildTransaction([{ name: 'LicenseClaimed', data: { project: address('p'), studio: address('s'), amount_lamports: 5n, seq: 2n, timestamp: 1n } }]);
    const json = toRpcJson(tx);
    // Move the program id into a lookup table: index 2 now points past the static keys.
    json.transaction.message.accountKeys = tx.accountKeys.slice(0, 2);
    json.meta.loadedAddresses = { writable: [] as string[], readonly: [MARQUEE_PROGRAM_ADDRESS] } as never;
    const normalized = toChainTransaction(JSON.parse(JSON.stringify(json)));
    assert.equal(normalized.signature, tx.signature);
    assert.equal(decodeTransactionEvents(normalized)[0].data.amount_lamports, 5n);
    assert.throws(() => toChainTransaction({ nope: true }), /Not a transaction/);
  });
});
