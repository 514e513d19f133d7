// The domain event bus: in-transaction subscribers share the change's transaction (a refusal
// undoes it all), durable ones get one delivery each, written with the change and run after it
// commits by queue workers on any app server, retried with backoff until their attempts run out.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTestApp, type TestContext } from '../../test/harness.js';
import { conflict } from './errors.js';
import { DomainEventBus } from './domain-events.js';
import { domainEventsRepository, EVENTS_CHANNEL } from './domain-events.repository.js';
import { QueueWorker } from './queue-worker.js';
import type { Caller } from './access.js';

/** Polls until `check` holds (the workers run on their own). */
async function until(check: () => boolean | Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

let ctx: TestContext;
let caller: Caller;
const workers: QueueWorker[] = [];

function worker(bus: DomainEventBus): QueueWorker {
  const w = new QueueWorker(bus, { listen: { channel: EVENTS_CHANNEL, on: ctx.database.listen }, pollMs: 100 });
  workers.push(w);
  return w;
}

beforeAll(async () => {
  ctx = await createTestApp();
  const account = await createAccount(ctx);
  caller = { accountId: account.accountId, userId: null };
});
// Each test's workers stop with it: another test's bus would not know its subscribers.
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});
afterAll(async () => {
  await ctx.close();
});

describe('in-transaction subscribers', () => {
  it('run in subscription order inside the change and answer the publisher', async () => {
    const bus = new DomainEventBus(ctx.database.db);
    const seen: string[] = [];
    bus.on('stripe.eventReceived', 'first', async (_tx, _c, e) => {
      seen.push(`first:${e.eventId}`);
      return false;
    });
    bus.on('stripe.eventReceived', 'second', async (_tx, _c, e) => {
      seen.push(`second:${e.eventId}`);
      return true;
    });
    const answers = await ctx.database.db.transaction((tx) =>
      bus.publish(tx, caller, 'stripe.eventReceived', { locationId: 'l', eventId: 'evt_1', type: 't', object: {}, occurredAt: new Date() }),
    );
    expect(seen).toEqual(['first:evt_1', 'second:evt_1']);
    expect(answers).toEqual([false, true]);
  });

  it('a refusal stops the change: nothing the event queued is kept, later subscribers do not run', async () => {
    const bus = new DomainEventBus(ctx.database.db);
    let laterRan = false;
    bus.on('client.deleting', 'invoices', async () => {
      throw conflict('This client has invoices; archive them instead');
    });
    bus.on('client.deleting', 'after', async () => {
      laterRan = true;
    });
    bus.later('client.deleting', 'test.refused-delivery', async () => {});
    const clientId = crypto.randomUUID();
    await expect(ctx.database.db.transaction((tx) => bus.publish(tx, caller, 'client.deleting', { clientId }))).rejects.toMatchObject({
      status: 409,
      message: 'This client has invoices; archive them instead',
    });
    expect(laterRan).toBe(false);
    expect(await domainEventsRepository.ofSubscriber(ctx.database.db, caller, 'test.refused-delivery')).toEqual([]);
  });
});

describe('asking whether a change would be refused', () => {
  it('answers the first refusal, or nothing, and keeps nothing the subscribers wrote or queued', async () => {
    const bus = new DomainEventBus(ctx.database.db);
    const refusing = new Set<string>();
    bus.on('patient.deleting', 'records', async (_tx, _c, { patientId }) => {
      if (refusing.has(patientId)) throw conflict('This patient has records');
    });
    bus.later('patient.deleting', 'test.asked-delivery', async () => {});
    const kept = crypto.randomUUID();
    refusing.add(kept);
    const refusal = await bus.refusal(ctx.database.db, caller, 'patient.deleting', { patientId: kept });
    expect(refusal).toMatchObject({ status: 409, message: 'This patient has records' });
    expect(await bus.refusal(ctx.database.db, caller, 'patient.deleting', { patientId: crypto.randomUUID() })).toBeUndefined();
    // Asked inside a transaction too (a savepoint): the transaction goes on.
    await ctx.database.db.transaction(async (tx) => {
      expect(await bus.refusal(tx, caller, 'patient.deleting', { patientId: kept })).toBeDefined();
      expect(await bus.refusal(tx, caller, 'patient.deleting', { patientId: crypto.randomUUID() })).toBeUndefined();
    });
    expect(await domainEventsRepository.ofSubscriber(ctx.database.db, caller, 'test.asked-delivery')).toEqual([]);
  });
});

describe('durable subscribers', () => {
  it('run once after the change commits, with the payload as published, on whichever server claims it', async () => {
    const runs: { server: string; payload: unknown; actorId: string | null }[] = [];
    // Two app servers: the same subscription on each, sharing the queue through the database.
    const servers = ['a', 'b'].map((server) => {
      const bus = new DomainEventBus(ctx.database.db);
      bus.later('form.submitted', 'test.once', async (_db, origin, e) => {
        runs.push({ server, payload: e, actorId: origin.actorId });
      });
      return bus;
    });
    await Promise.all(servers.map((bus) => worker(bus).start()));
    const submittedAt = new Date('2026-11-28T10:00:00.000Z');
    const events = Array.from({ length: 10 }, (_, i) => ({
      formRequestId: crypto.randomUUID(),
      submissionId: crypto.randomUUID(),
      locationId: crypto.randomUUID(),
      clientId: crypto.randomUUID(),
      patientId: null,
      appointmentId: i % 3 ? null : crypto.randomUUID(),
      estimateId: i % 2 ? null : crypto.randomUUID(),
      submittedAt,
    }));
    await ctx.database.db.transaction(async (tx) => {
      for (const e of events) await servers[0]!.publish(tx, caller, 'form.submitted', e);
    });
    await until(async () => (await domainEventsRepository.ofSubscriber(ctx.database.db, caller, 'test.once')).every((d) => d.state === 'done') && runs.length >= 10);
    expect(runs.map((r) => r.payload)).toEqual(expect.arrayContaining(events));
    expect(runs).toHaveLength(10);
    expect(runs.every((r) => r.actorId === null)).toBe(true);
    // The stored date comes back a date.
    expect((runs[0]!.payload as { submittedAt: Date }).submittedAt).toBeInstanceOf(Date);
  });

  it('a failing subscriber is tried again with backoff, and left failed with its reason when its attempts run out', async () => {
    const bus = new DomainEventBus(ctx.database.db, { baseMs: 10, maxMs: 40, maxAttempts: 3 });
    let flakyCalls = 0;
    bus.later('service.deleting', 'test.flaky', async () => {
      flakyCalls += 1;
      if (flakyCalls < 2) throw new Error('provider unavailable');
    });
    bus.later('service.deleting', 'test.broken', async () => {
      throw new Error('always broken');
    });
    await worker(bus).start();
    await ctx.database.db.transaction((tx) => bus.publish(tx, caller, 'service.deleting', { serviceId: crypto.randomUUID() }));
    const deliveries = async (name: string) => domainEventsRepository.ofSubscriber(ctx.database.db, caller, name);
    await until(async () => (await deliveries('test.flaky'))[0]?.state === 'done' && (await deliveries('test.broken'))[0]?.state === 'failed');
    expect(flakyCalls).toBe(2);
    expect(await deliveries('test.flaky')).toMatchObject([{ state: 'done', attempts: 2 }]);
    expect(await deliveries('test.broken')).toMatchObject([{ state: 'failed', attempts: 3, reason: 'always broken' }]);
  });

  it('a delivery whose subscriber no longer exists is left failed, not retried for ever', async () => {
    const publisher = new DomainEventBus(ctx.database.db);
    publisher.later('patient.deleting', 'test.retired', async () => {});
    await ctx.database.db.transaction((tx) => publisher.publish(tx, caller, 'patient.deleting', { patientId: crypto.randomUUID() }));
    // The next deployment no longer has that subscriber.
    await worker(new DomainEventBus(ctx.database.db)).start();
    await until(async () => (await domainEventsRepository.ofSubscriber(ctx.database.db, caller, 'test.retired'))[0]?.state === 'failed');
    expect((await domainEventsRepository.ofSubscriber(ctx.database.db, caller, 'test.retired'))[0]!.reason).toBe('no subscriber is named test.retired');
  });

  it('two durable subscribers may not share a stored name', () => {
    const bus = new DomainEventBus(ctx.database.db);
    bus.later('client.deleting', 'test.same', async () => {});
    expect(() => bus.later('patient.deleting', 'test.same', async () => {})).toThrow('two durable subscribers are named test.same');
  });
});
