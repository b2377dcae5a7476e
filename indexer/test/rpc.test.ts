// RpcSource against a JSON-RPC server speaking the cluster's wire format (getTransaction,
// getSignaturesForAddress): @solana/web3.js parses the answers, the decoder reads what it returns.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { WebSocketServer } from 'ws';
import { openStore } from '../src/db/index.ts';
import { testLocation } from './helpers/database.ts';
import { ClusterIndexer } from '../src/ingest/indexer.ts';
import { MARQUEE_PROGRAM_ADDRESS } from '@marquee/program-client';
import { RpcSource } from '../src/sources/rpc.ts';
import { randomSignature, toRpcJson } from './helpers/chain.ts';
import { scalar } from './helpers/dump.ts';
import { fullScenario } from './helpers/scenario.ts';

const { chain } = fullScenario();
const BLOCKHASH = '11111111111111111111111111111111';

/** getTransaction's JSON answer; odd slots are v0 transactions with the program id in a lookup table. */
function rpcTransaction(index: number) {
  const { tx } = chain.source.transactions[index];
  const json = toRpcJson(tx);
  const versioned = index % 2 === 1;
  const staticKeys = versioned ? tx.accountKeys.slice(0, 2) : tx.accountKeys;
  return {
    slot: json.slot,
    blockTime: json.blockTime,
    version: versioned ? 0 : 'legacy',
    meta: {
      ...json.meta,
      fee: 5000,
      preBalances: staticKeys.map(() => 0),
      postBalances: staticKeys.map(() => 0),
      logMessages: [],
      loadedAddresses: versioned ? { writable: [], readonly: [MARQUEE_PROGRAM_ADDRESS] } : { writable: [], readonly: [] },
    },
    transaction: {
      signatures: [tx.signature],
      message: {
        header: { numRequiredSignatures: 1, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 1 },
        accountKeys: staticKeys,
        recentBlockhash: BLOCKHASH,
        instructions: [{ programIdIndex: 2, accounts: [0], data: '' }],
        ...(versioned ? { addressTableLookups: [{ accountKey: staticKeys[1], writableIndexes: [], readonlyIndexes: [0] }] } : {}),
      },
    },
  };
}

let server: Server;
let url: string;
const calls: string[] = [];
const requests: { method: string; params: unknown[] }[] = [];
/** What getSlot answers at `finalized` commitment. */
const FINALIZED_SLOT = 4242;

before(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', async () => {
      const { id, method, params } = JSON.parse(body);
      calls.push(method);
      requests.push({ method, params });
      let result: unknown = null;
      if (method === 'getTransaction') {
        const index = chain.source.transactions.findIndex((entry) => entry.tx.signature === params[0]);
        result = index >= 0 ? rpcTransaction(index) : null;
      } else if (method === 'getSignaturesForAddress') {
        const list = await chain.source.getSignatures(params[0], params[1] ?? {});
        result = list.map((entry) => ({ signature: entry.signature, slot: entry.slot, err: null, memo: null, blockTime: null, confirmationStatus: 'confirmed' }));
      } else if (method === 'getSlot' && params?.[0]?.commitment === 'finalized') {
        result = FINALIZED_SLOT;
      } else if (method === 'getSlot') {
        // RpcSource probes the HTTP endpoint before it opens the websocket subscription.
        result = chain.source.transactions.length;
      }
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ jsonrpc: '2.0', id, result }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(() => {
  server.closeAllConnections();
  server.close();
});

describe('RpcSource', () => {
  test('getTransaction reads legacy and v0 transactions; an unknown signature is null', async () => {
    const source = new RpcSource({ cluster: 'localnet', rpcUrl: url });
    const legacy = await source.getTransaction(chain.source.transactions[0].tx.signature);
    assert.equal(legacy!.accountKeys[2], MARQUEE_PROGRAM_ADDRESS);
    const versioned = await source.getTransaction(chain.source.transactions[1].tx.signature);
    assert.equal(versioned!.accountKeys.length, 3, 'static keys + the loaded program id');
    assert.equal(versioned!.accountKeys[2], MARQUEE_PROGRAM_ADDRESS);
    assert.equal(await source.getTransaction(randomSignature()), null);
  });

  test('reconciliation reads at finalized: getTransaction passes the commitment, finalizedSlot asks getSlot at finalized', async () => {
    const source = new RpcSource({ cluster: 'localnet', rpcUrl: url });
    const signature = chain.source.transactions[0].tx.signature;
    requests.length = 0;
    await source.getTransaction(signature);
    await source.getTransaction(signature, { commitment: 'finalized' });
    const commitments = requests.filter((r) => r.method === 'getTransaction').map((r) => (r.params[1] as { commitment: string }).commitment);
    assert.deepEqual(commitments, ['confirmed', 'finalized']);
    assert.equal(await source.finalizedSlot(), FINALIZED_SLOT);
  });

  test('an indexer over the RPC source syncs the whole program history', async () => {
    const source = new RpcSource({ cluster: 'localnet', rpcUrl: url });
    const indexer = new ClusterIndexer({ cluster: 'localnet', store: await openStore(testLocation('localnet')), source });
    assert.equal(await indexer.sync(), chain.source.transactions.length);
    assert.deepEqual((await indexer.gaps()), []);
    assert.equal(await scalar(indexer.db, 'SELECT COUNT(*) FROM investments'), 4);
    assert.equal(await scalar(indexer.db, 'SELECT COUNT(*) FROM distributions'), 2);
    assert.ok(calls.includes('getSignaturesForAddress'));
  });

  test('a logsSubscribe notification over the websocket gets its transaction ingested', async () => {
    const sockets = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => sockets.once('listening', resolve));
    const subscribed = new Promise<(signature: string) => void>((resolve) => {
      sockets.on('connection', (socket) => {
        socket.on('message', (data) => {
          const { id, method, params } = JSON.parse(String(data));
          if (method === 'logsUnsubscribe') return socket.send(JSON.stringify({ jsonrpc: '2.0', id, result: true }));
          if (method !== 'logsSubscribe') return;
          assert.deepEqual(params[0], { mentions: [MARQUEE_PROGRAM_ADDRESS] });
          socket.send(JSON.stringify({ jsonrpc: '2.0', id, result: 7 }));
          resolve((signature) =>
            socket.send(JSON.stringify({
              jsonrpc: '2.0',
              method: 'logsNotification',
              params: { subscription: 7, result: { context: { slot: 1 }, value: { signature, err: null, logs: [] } } },
            })),
          );
        });
      });
    });
    const source = new RpcSource({ cluster: 'localnet', rpcUrl: url, wsUrl: `ws://127.0.0.1:${(sockets.address() as AddressInfo).port}` });
    const indexer = new ClusterIndexer({ cluster: 'localnet', store: await openStore(testLocation('localnet')), source });
    indexer.start({ pollMs: 3_600_000 });
    try {
      await indexer.sync();
      // A transaction the signature listing does not show yet: only the websocket tells of it.
      const studio = chain.registerStudio('pushed', 'Pushed Pictures');
      const pushed = chain.source.transactions.at(-1)!.tx;
      chain.source.hidden.add(pushed.signature);
      const ingested = new Promise<string>((resolve) => indexer.onIngested((result) => resolve(result.signature)));
      (await subscribed)(pushed.signature);
      assert.equal(await ingested, pushed.signature);
      assert.equal(await scalar(indexer.db, 'SELECT COUNT(*) FROM studios WHERE address = ?', studio), 1);
    } finally {
      indexer.stop();
      // web3.js closes its websocket once no subscription is left (after its idle delay).
      const closed = [...sockets.clients].map((client) => new Promise((resolve) => client.once('close', resolve)));
      await Promise.all(closed);
      sockets.close();
    }
  });

  test('an unreachable cluster gets no websocket until its HTTP endpoint answers (no reconnect flood)', async () => {
    const sockets = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => sockets.once('listening', resolve));
    let connections = 0;
    sockets.on('connection', () => (connections += 1));
    // An HTTP endpoint that refuses connections: the port of a server closed at once.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const source = new RpcSource({ cluster: 'offline', rpcUrl: deadUrl, wsUrl: `ws://127.0.0.1:${(sockets.address() as AddressInfo).port}` });
    const unsubscribe = source.subscribe(MARQUEE_PROGRAM_ADDRESS, () => assert.fail('no notification can come'));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    unsubscribe();
    sockets.close();
    assert.equal(connections, 0);
  });
});
