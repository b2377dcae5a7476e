import { test } from 'node:test';
import { testApp } from './helpers/app.ts';
test('int probe', async () => {
  const t = await testApp();
  t.chain.initializePlatform();
  const film = t.chain.createProject(t.chain.registerStudio('a24', 'A24'), 'Open Water', 20);
  await t.cluster.indexer.sync();
  const w = t.writer.publicKey.toBase58();
  const big = 3000000000000;
  const cases: [string, string, unknown][] = [
    ['GET', `/api/projects/${big}`, undefined],
    ['GET', `/api/projects/${big}/certificates`, undefined],
    ['GET', `/api/investments/project/${big}`, undefined],
    ['GET', `/api/investments/user/${big}`, undefined],
    ['GET', `/api/users/${big}`, undefined],
    ['GET', `/api/revenue/unclaimed/${big}`, undefined],
    ['GET', `/api/revenue/user/${big}`, undefined],
    ['GET', `/api/revenue/distributions?projectId=${big}`, undefined],
    ['GET', `/api/analytics/projects/${big}`, undefined],
    ['GET', `/api/analytics/wallet/${big}`, undefined],
    ['GET', `/api/collaboration/${big}`, undefined],
    ['GET', `/api/collaboration/${big}/messages?after=${big}`, undefined],
    ['GET', `/api/collaboration/${film.id}/messages?after=${big}`, undefined],
    ['GET', `/api/collaboration/${big}/updates`, undefined],
    ['GET', `/api/collaboration/${big}/polls`, undefined],
    ['GET', `/api/embeds?projectId=${big}`, undefined],
    ['GET', `/player/${big}`, undefined],
    ['GET', `/player/${big}/ads/pre-roll`, undefined],
    ['POST', `/api/investments`, { projectId: big, amount: 50, txHash: '1'.repeat(64), simulated: true }],
    ['POST', `/api/views`, { projectId: big, embedId: 'e', ticket: 'x' }],
    ['POST', `/api/collaboration/${big}/messages`, { walletAddress: w, text: 'hi' }],
    ['POST', `/api/collaboration/${film.id}/polls/${big}/votes`, { walletAddress: w, optionId: big }],
    ['DELETE', `/api/collaboration/${film.id}/team/${big}`, { walletAddress: w }],
    ['POST', `/api/publishers/keys/${big}/revoke`, { walletAddress: w }],
    ['POST', `/api/verification/applications/${big}/reject`, { reason: 'x' }],
    ['POST', `/api/notifications/read`, { ids: [String(big)] }],
    ['POST', `/api/revenue/claim`, { distributionIds: [big], txHash: '1'.repeat(64), simulated: true }],
    ['POST', `/api/projects/${big}/metadata`, { description: 'd', directorName: 'D', genres: ['Drama'], releaseYear: 2024, licenseType: 'Exclusive Streaming', walletAddress: w }],
    ['POST', `/api/views/demo-ticket`, { projectId: big, embedId: 'e', slot: 'pre-roll' }],
  ];
  for (const [m, p, b] of cases) {
    const r = await t.request(m, p, b);
    console.log('RES', r.status, m, p, (await r.text()).slice(0, 120));
  }
});
