// The outbox: messages written in their change's transaction, delivered by workers that claim
// them (FOR UPDATE SKIP LOCKED) with a lease, retried with backoff, each sent once at the provider
// (its idempotency key), and the product's own mail through SMTP_URL.
import type { QueueWorker } from '../../platform/queue-worker.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNICATION_MESSAGES, INTEGRATION_MESSAGES } from '@willow/contracts';
import { openDatabase, type Database } from '../../db/client.js';
import { createAccount, createTestApp, type TestContext } from '../../../test/harness.js';
import { startFakeSmtp, type FakeSmtp } from '../../../test/fakes/fake-smtp.js';
import { productMessagesRepository } from '../product-mail/product-mail.repository.js';
import { DEFAULT_RETRY, INTERRUPTED, OutboxDelivery } from './outbox-delivery.service.js';
import { backoff } from '../../platform/queue-worker.js';
import { outboxWorker } from './outbox-worker.js';
import { EmailNotSetUpError, ProductMailer } from '../product-mail/product-mail.service.js';
import { messageIdOf } from '../../platform/message-providers.js';
import { OutboundGuard } from '../../platform/outbound-address.js';

/** Polls until `check` holds (the worker runs on its own). */
async function until(check: () => boolean | Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const never = () => new Promise<void>(() => {});

let smtp: FakeSmtp;
let ctx: TestContext;
const started: QueueWorker[] = [];
/** workers left "dead" holding a message: never stopped (they never finish it) */
const dead = new Set<QueueWorker>();

/** A worker on the app's queue (an app process), or on another service (another process). */
function worker(service: OutboxDelivery, database: Database = ctx.database, batch = 10): QueueWorker {
  const w = outboxWorker(service, { listen: database.listen, pollMs: 200, batch });
  started.push(w);
  return w;
}

/** Another app process's service on the same database: its own retries and lease. */
function serviceOn(database: Database, retry = { leaseMs: 400, baseMs: 20, maxMs: 200, maxAttempts: 3 }) {
  return new OutboxDelivery(database.db, {
    endpoints: { sendgridApiUrl: 'http://127.0.0.1:9', twilioApiUrl: 'http://127.0.0.1:9', publicUrl: undefined },
    productMail: new ProductMailer({ smtpUrl: smtp.url, from: 'Willow <portal@willow.test>' }, 'http://127.0.0.1:9'),
    retry,
    outboundGuard: new OutboundGuard(),
  });
}

const row = (id: string) => productMessagesRepository.findById(ctx.database.db, id);
/** Claims every due product message (as a worker would), for a test that settles one by hand. */
const claimAll = () => ctx.database.db.transaction((tx) => productMessagesRepository.claim(tx, new Date(), 60_000, 1000));

beforeAll(async () => {
  smtp = await startFakeSmtp({ mailer: 'mail-secret' });
  ctx = await createTestApp({
    mail: { smtpUrl: smtp.url, from: 'Willow <portal@willow.test>' },
    outboxRetry: { leaseMs: 400, baseMs: 20, maxMs: 200, maxAttempts: 3 },
  });
});
afterAll(async () => {
  // A worker left "dead" in a test never finishes its message: stop only the others.
  await Promise.all(started.filter((w) => !dead.has(w)).map((w) => w.stop()));
  await ctx?.close();
  await smtp?.close();
});

describe('product mail', () => {
  it('is queued in the transaction and delivered through SMTP_URL with AUTH, its id as the Message-ID', async () => {
    const w = worker(ctx.app.container.outbox);
    await w.start();
    const { id } = await ctx.database.db.transaction((tx) => ctx.app.container.productMail.queue(tx, { to: 'new.user@example.com', subject: 'Your sign-in code', body: 'Code 123456' }));
    await until(async () => (await row(id))?.state === 'sent');
    const mail = smtp.delivered.find((m) => m.messageId === messageIdOf(id));
    expect(mail).toMatchObject({ from: 'portal@willow.test', to: ['new.user@example.com'], subject: 'Your sign-in code' });
    expect((await row(id))?.providerMessageId).toBe(messageIdOf(id));
    await w.stop();
  });

  it('is never sent when its transaction rolls back', async () => {
    let id = '';
    await expect(
      ctx.database.db.transaction(async (tx) => {
        id = (await ctx.app.container.productMail.queue(tx, { to: 'rolled.back@example.com', subject: 'x', body: 'y' })).id;
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await row(id)).toBeUndefined();
  });

  it('says email is not set up when neither SMTP_URL nor SENDGRID_API_KEY is set, and queues nothing', async () => {
    const mailer = new ProductMailer({}, 'http://127.0.0.1:9');
    expect(mailer.configured).toBe(false);
    const err = await mailer.queue(ctx.database.db, { to: 'a@example.com', subject: 's', body: 'b' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EmailNotSetUpError);
    expect((err as EmailNotSetUpError).message).toBe(COMMUNICATION_MESSAGES.productEmailNotSetUp);
    expect((err as EmailNotSetUpError).status).toBe(503);
  });

  it('fails with the server’s reason when the SMTP password is refused', async () => {
    const wrong = new URL(smtp.url);
    wrong.password = 'wrong';
    const service = new OutboxDelivery(ctx.database.db, {
      endpoints: { sendgridApiUrl: 'http://127.0.0.1:9', twilioApiUrl: 'http://127.0.0.1:9', publicUrl: undefined },
      productMail: new ProductMailer({ smtpUrl: wrong.toString() }, 'http://127.0.0.1:9'),
      retry: { leaseMs: 400, baseMs: 20, maxMs: 200, maxAttempts: 3 },
      outboundGuard: new OutboundGuard(),
    });
    const { id } = await ctx.app.container.productMail.queue(ctx.database.db, { to: 'refused@example.com', subject: 's', body: 'b' });
    const w = worker(service);
    await w.start();
    await until(async () => (await row(id))?.state === 'failed');
    expect((await row(id))?.reason).toMatch(/Invalid username or password/);
    await w.stop();
  });
});

describe('retries', () => {
  it('waits twice as long before each next attempt, up to its ceiling', () => {
    const policy = { ...DEFAULT_RETRY, baseMs: 1000, maxMs: 5000 };
    expect([1, 2, 3, 4, 5].map((n) => backoff(policy, n, 0.5))).toEqual([1000, 2000, 4000, 5000, 5000]);
  });

  it('tries a temporary failure again after the backoff, then fails for good with the provider’s reason', async () => {
    smtp.refuseNext(100, 451, 'Mailbox busy, try again later');
    const service = ctx.app.container.outbox;
    const { id } = await ctx.app.container.productMail.queue(ctx.database.db, { to: 'busy@example.com', subject: 's', body: 'b' });
    const w = worker(service);
    await w.start();
    await until(async () => (await row(id))?.state === 'failed');
    smtp.refuseNext(0, 451, '');
    const r = (await row(id))!;
    expect(r.attempts).toBe(3);
    expect(r.reason).toMatch(/Mailbox busy, try again later/);
    await w.stop();
  });

  it('a permanent refusal (5xx) is final at once', async () => {
    smtp.refuseNext(1, 550, 'No such user here');
    const service = ctx.app.container.outbox;
    const { id } = await ctx.app.container.productMail.queue(ctx.database.db, { to: 'nobody@example.com', subject: 's', body: 'b' });
    const w = worker(service);
    await w.start();
    await until(async () => (await row(id))?.state === 'failed');
    expect(await row(id)).toMatchObject({ attempts: 1, reason: expect.stringMatching(/No such user here/) });
    await w.stop();
  });
});

/** A worker that stops for good at `pause` with a message it claimed, as if its process died there. */
async function dyingWorker(pause: 'afterClaim' | 'afterSend', to: string) {
  const dying = serviceOn(ctx.database);
  dying.pauses[pause] = never;
  const w = worker(dying);
  dead.add(w);
  const queued = await ctx.app.container.productMail.queue(ctx.database.db, { to, subject: 'Once', body: 'b' });
  await w.start();
  return queued;
}

describe('a worker that dies', () => {
  it('between its claim and its send: the message is taken over after the lease and sent once', async () => {
    const { id } = await dyingWorker('afterClaim', 'once@example.com');
    await until(async () => (await row(id))?.state === 'sending');
    // The restarted process.
    const b = worker(serviceOn(ctx.database));
    await b.start();
    await until(async () => (await row(id))?.state === 'sent');
    expect(smtp.messages.filter((m) => m.messageId === messageIdOf(id))).toHaveLength(1);
    expect((await row(id))?.attempts).toBe(2);
    await b.stop();
  });

  it('after the provider accepted it: sent again with the same key, delivered once', async () => {
    const { id } = await dyingWorker('afterSend', 'twice@example.com');
    await until(() => smtp.messages.some((m) => m.messageId === messageIdOf(id)));
    const b = worker(serviceOn(ctx.database));
    await b.start();
    await until(async () => (await row(id))?.state === 'sent');
    // The provider was handed it twice, and delivered it once: the Message-ID is its idempotency key.
    expect(smtp.messages.filter((m) => m.messageId === messageIdOf(id))).toHaveLength(2);
    expect(smtp.delivered.filter((m) => m.messageId === messageIdOf(id))).toHaveLength(1);
    await b.stop();
  });
});

describe('a message no worker can finish', () => {
  it('is given up once it has been claimed more often than the attempts allow', async () => {
    // Three workers die with it in hand, one after the other (maxAttempts 3).
    const { id } = await dyingWorker('afterClaim', 'cursed@example.com');
    for (let i = 2; i <= 3; i++) {
      await until(async () => (await row(id))?.attempts === i - 1 && (await row(id))!.dueAt.getTime() <= Date.now());
      const again = serviceOn(ctx.database);
      again.pauses.afterClaim = never;
      const w = worker(again);
      dead.add(w);
      await w.start();
      await until(async () => (await row(id))?.attempts === i);
    }
    const b = worker(serviceOn(ctx.database));
    await b.start();
    await until(async () => (await row(id))?.state === 'failed');
    expect(await row(id)).toMatchObject({ attempts: 4, reason: INTERRUPTED });
    expect(smtp.messages.some((m) => m.to.includes('cursed@example.com'))).toBe(false);
    await b.stop();
  });
});

describe('housekeeping', () => {
  it('forgets the product’s mail a week after it was done with, never one still queued', async () => {
    const done = await ctx.app.container.productMail.queue(ctx.database.db, { to: 'old@example.com', subject: 'Code', body: '123456' });
    const waiting = await ctx.app.container.productMail.queue(ctx.database.db, { to: 'later@example.com', subject: 'Code', body: '654321' });
    await productMessagesRepository.settle(ctx.database.db, done.id, (await claimAll()).find((r) => r.id === done.id)!.claimToken!, { state: 'sent' });
    await ctx.app.container.productMail.prune(ctx.database.db, new Date(Date.now() + 6 * 24 * 60 * 60 * 1000));
    expect(await row(done.id)).toBeDefined();
    await ctx.app.container.housekeeping(new Date(Date.now() + 8 * 24 * 60 * 60 * 1000));
    expect(await row(done.id)).toBeUndefined();
    expect(await row(waiting.id)).toBeDefined();
  });
});

describe('workers side by side', () => {
  it('never send the same message twice (two processes, each with its own connections on PostgreSQL)', async () => {
    const second: Database = ctx.database.url ? await openDatabase({ dataDir: '', databaseUrl: ctx.database.url, migrate: false }) : ctx.database;
    try {
      // A lease far longer than the race: no message is taken over from a live worker.
      const long = { leaseMs: 60_000, baseMs: 20, maxMs: 200, maxAttempts: 3 };
      const services = [serviceOn(ctx.database, long), serviceOn(second, long)];
      const count = 120;
      const ids = await ctx.database.db.transaction(async (tx) => {
        const out: string[] = [];
        for (let i = 0; i < count; i++) out.push((await ctx.app.container.productMail.queue(tx, { to: `race${i}@example.com`, subject: `Race ${i}`, body: 'b' })).id);
        return out;
      });
      // Only this race's messages are counted: one an earlier test left claimed is taken again once
      // its lease runs out, which on a loaded machine can fall inside the race.
      const race = new Set(ids);
      const sentBy = [0, 0];
      services.forEach((s, i) => (s.pauses.afterSend = async (id) => void (race.has(id) && sentBy[i]!++)));
      const workers = [worker(services[0]!, ctx.database, 5), worker(services[1]!, second, 5)];
      await Promise.all(workers.map((w) => w.start()));
      // Each poll reads only the messages not yet seen sent (sent is final), so the polling does not
      // crowd the workers off the database; the ceiling is one only a real failure reaches.
      const pending = new Set(ids);
      await until(async () => {
        const read = await Promise.all([...pending].map(async (id) => [id, await row(id)] as const));
        for (const [id, r] of read) if (r?.state === 'sent') pending.delete(id);
        return pending.size === 0;
      }, 300_000);
      await Promise.all(workers.map((w) => w.stop()));
      const keys = new Set(ids.map(messageIdOf));
      const handed = smtp.messages.filter((m) => keys.has(m.messageId!));
      expect(handed).toHaveLength(count);
      expect(new Set(handed.map((m) => m.messageId)).size).toBe(count);
      expect((await Promise.all(ids.map(row))).every((r) => r?.attempts === 1)).toBe(true);
      // Both took part: the race was real.
      expect(sentBy[0]! + sentBy[1]!).toBe(count);
      expect(Math.min(...sentBy)).toBeGreaterThan(0);
    } finally {
      if (second !== ctx.database) await second.close();
    }
  });
});

describe('a location’s message without a provider', () => {
  it('is kept as not sent, saying email is not set up', async () => {
    const t = await createAccount(ctx);
    const { communications, staffMessages } = ctx.app.container;
    const message = await communications.enqueue(ctx.database.db, t, { locationId: t.locationId, channel: 'email', to: 'client@example.com', subject: 'Hi', body: 'Hello' });
    const w = worker(ctx.app.container.outbox);
    await w.start();
    await until(async () => (await staffMessages.list({ accountId: t.accountId } as never, { limit: 10, offset: 0 })).items[0]?.state === 'notSent');
    const [listed] = (await staffMessages.list({ accountId: t.accountId } as never, { limit: 10, offset: 0 })).items;
    expect(listed).toMatchObject({ id: message.id, state: 'notSent', reason: INTEGRATION_MESSAGES.emailNotSetUp });
    await w.stop();
  });
});
