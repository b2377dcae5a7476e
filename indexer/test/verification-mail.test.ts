// Verification decisions by email, where a mail transport is configured: against a local SMTP server
// (smtp-server) the studio's contact address receives the rejection with its reason and then the
// approval, while the bell keeps its notice; with no transport nothing is sent and nothing fails; an
// SMTP server that cannot be reached never breaks the decision (the failure is logged). The settings:
// MARQUEE_SMTP_URL takes smtp:// or smtps:// only, and MARQUEE_MAIL_FROM defaults from its host.
import anchor from '@coral-xyz/anchor';
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { SMTPServer } from 'smtp-server';
import { createApp } from '../src/api/app.ts';
import { loadConfig } from '../src/config.ts';
import { startDemo, type DemoRuntime } from '../src/demo/index.ts';
import { NO_MAIL, configuredMailer, smtpMailer } from '../src/notifications/mail.ts';
import type { DecisionMail } from '../src/notifications/verification-notice.ts';
import { demoDataDir, discardDemo, jsonRequest, movableClock } from './helpers/demo-app.ts';
import { signIn } from './helpers/sign-in.ts';

type Json = any;

const ADMIN_KEY = anchor.web3.Keypair.generate();
const ADMIN = ADMIN_KEY.publicKey.toBase58();
const DOCUMENT = { name: 'registration.png', url: `/api/media/${'ab'.repeat(32)}`, sha256: 'ab'.repeat(32) };
const FROM = 'Marquee <no-reply@marquee.test>';
const PAGE_URL = 'http://localhost:8787/verification';

interface Received {
  to: string[];
  raw: string;
}

/** A local SMTP server keeping every message it accepts (no TLS, no authentication: loopback only). */
async function startSmtpServer(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as net.AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A loopback port nothing listens on: connecting to it is refused. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A message's text with quoted-printable soft line breaks undone. */
const bodyOf = (message: Received) => message.raw.replace(/=\r?\n/g, '');

async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('verification decisions by email', () => {
  const { dataDir, storage } = demoDataDir('verification-mail');
  const clock = movableClock();
  let demo: DemoRuntime;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  before(async () => {
    smtp = await startSmtpServer();
    demo = await startDemo({ ...storage, origin: 'http://localhost:8787', settlementIntervalMs: 0, now: clock.now, adminWallet: ADMIN });
    demo.cluster.indexer.start();
  });

  after(async () => {
    await smtp?.close();
    await discardDemo(demo, storage, dataDir);
  });

  /** An API over the demo with `decisionMail`, a new studio wallet and the admin signed in, and the studio's application submitted. */
  async function applied(decisionMail: DecisionMail | undefined, contactEmail: string) {
    const studioKey = anchor.web3.Keypair.generate();
    const studio = studioKey.publicKey.toBase58();
    const app = createApp({ clusters: [demo.cluster], demo: demo.extension, now: clock.now, ...(decisionMail ? { decisionMail } : {}) });
    const cookies = { studio: await signIn(app, studioKey), admin: await signIn(app, ADMIN_KEY) };
    const request = (method: string, path: string, body: unknown, as: keyof typeof cookies) => jsonRequest(app, method, path, body, { cookie: cookies[as] });
    const application = {
      walletAddress: studio,
      studioName: `Studio ${studio.slice(0, 6)}`,
      contactEmail,
      website: 'https://studio.example',
      description: 'Films.',
      documents: [DOCUMENT],
    };
    const submitted = await request('POST', '/api/verification/applications', application, 'studio');
    assert.equal(submitted.status, 201, submitted.body.message);
    return { request, studio, id: submitted.body.id as number, studioName: application.studioName };
  }

  test('the contact address receives the rejection with its reason, then the approval; the bell has the notice too', async () => {
    const mailer = smtpMailer({ smtpUrl: smtp.url, from: FROM });
    const contact = 'hello@harbour.example';
    const first = await applied({ mailer, pageUrl: PAGE_URL }, contact);
    assert.equal((await first.request('GET', '/api/platform', undefined, 'studio')).body.emailNotices, true, 'the platform says decisions are emailed');
    const rejected = await first.request('POST', `/api/verification/applications/${first.id}/reject`, { reason: 'Unreadable scan' }, 'admin');
    assert.equal(rejected.status, 200, rejected.body.message);

    const rejection = await waitFor('the rejection email', () => smtp.received.find((message) => message.to.includes(contact)));
    const text = bodyOf(rejection);
    assert.match(text, /^Subject: Marquee: Verification declined$/m);
    assert.match(text, /^From: Marquee <no-reply@marquee\.test>$/m);
    assert.ok(text.includes(`${first.studioName} was not verified: Unreadable scan. You may apply again.`), text);
    assert.ok(text.includes(PAGE_URL));
    const bell = (await first.request('GET', '/api/notifications', undefined, 'studio')).body as Json;
    assert.ok(
      bell.notifications.some((notice: Json) => notice.title === 'Verification declined' && notice.message.includes('Unreadable scan')),
      JSON.stringify(bell),
    );

    // Applied again and approved by the admin's verify_studio: the approval is emailed.
    // Its demo wallet first registers the studio on the demo chain (as its first listing would), so verify_studio has an account to verify.
    assert.equal((await first.request('POST', '/api/demo/wallets', { walletAddress: first.studio }, 'studio')).status, 200);
    const registered = await first.request('POST', '/api/demo/register-studio', { walletAddress: first.studio, name: first.studioName }, 'studio');
    assert.equal(registered.status, 200, registered.body.message);
    const again = await first.request(
      'POST',
      '/api/verification/applications',
      {
        walletAddress: first.studio,
        studioName: first.studioName,
        contactEmail: contact,
        website: 'https://studio.example',
        description: 'Films.',
        documents: [DOCUMENT],
      },
      'studio',
    );
    assert.equal(again.status, 201, again.body.message);
    const studioAuthority = (await first.request('GET', `/api/studios/${first.studio}`, undefined, 'studio')).body.chainAddress;
    const verified = await first.request('POST', '/api/demo/verify-studio', { walletAddress: ADMIN, studio: studioAuthority, verified: true }, 'admin');
    assert.equal(verified.status, 200, verified.body.message);
    const approved = await first.request('POST', `/api/verification/applications/${again.body.id}/approve`, { txHash: verified.body.signature }, 'admin');
    assert.equal(approved.status, 200, approved.body.message);
    const approval = await waitFor('the approval email', () => smtp.received.filter((message) => message.to.includes(contact))[1]);
    assert.match(bodyOf(approval), /^Subject: Marquee: Studio verified$/m);
    assert.ok(bodyOf(approval).includes(`${first.studioName} is verified`));
  });

  test('with no mail transport nothing is sent and the decision stands', async () => {
    const before = smtp.received.length;
    const contact = 'quiet@studio.example';
    const unset = await applied(undefined, contact);
    assert.equal((await unset.request('GET', '/api/platform', undefined, 'studio')).body.emailNotices, false, 'the platform says no email is sent');
    const rejected = await unset.request('POST', `/api/verification/applications/${unset.id}/reject`, { reason: 'Missing licence' }, 'admin');
    assert.equal(rejected.status, 200, rejected.body.message);
    assert.equal(rejected.body.status, 'rejected');
    // Time for a background send, if one were made.
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(smtp.received.length, before);
    assert.equal(configuredMailer(undefined), NO_MAIL);
  });

  test('an SMTP server that cannot be reached never breaks the decision: the failure is logged', async () => {
    const logged: string[] = [];
    const mailer = smtpMailer({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, from: FROM }, (line) => logged.push(line));
    const down = await applied({ mailer }, 'down@studio.example');
    const rejected = await down.request('POST', `/api/verification/applications/${down.id}/reject`, { reason: 'Blurred scan' }, 'admin');
    assert.equal(rejected.status, 200, rejected.body.message);
    assert.equal(rejected.body.status, 'rejected');
    const line = await waitFor('the logged failure', () => logged[0]);
    assert.match(line, /^Email to down@studio\.example \("Marquee: Verification declined"\) was not sent: /);
  });

  test('MARQUEE_SMTP_URL takes smtp:// or smtps:// only; MARQUEE_MAIL_FROM defaults from its host', () => {
    assert.equal(loadConfig({}).mail, undefined);
    assert.deepEqual(loadConfig({ MARQUEE_SMTP_URL: 'smtps://user:secret@mail.example:465' }).mail, {
      smtpUrl: 'smtps://user:secret@mail.example:465',
      from: 'Marquee <no-reply@mail.example>',
    });
    assert.equal(loadConfig({ MARQUEE_SMTP_URL: 'smtp://mail.example', MARQUEE_MAIL_FROM: FROM }).mail?.from, FROM);
    assert.throws(() => loadConfig({ MARQUEE_SMTP_URL: 'https://mail.example' }), /MARQUEE_SMTP_URL/);
  });
});
