// A queue item's changes reach the account's open live streams (topic `automationQueue`, decision
// 0217), so the queues and the menu's badges refresh without waiting: an item fired by a change
// made elsewhere, one the sender job sent (no one signed in), a skip. Another account hears nothing.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, type TestAccount, type TestContext } from '../../../test/harness.js';
import { openStream as openLiveStream } from '../../../test/live-changes-client.js';
import { newClient, newPatient } from '../../../test/records.js';
import { AutomationSender } from './automation-sender.service.js';
import { canMessage, itemNow, newAutomation, newItem } from './automations.fixtures.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let port: number;
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  await canMessage(ctx, home);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => ctx?.close());

const openStream = (cookie: string) => openLiveStream(port, cookie);

const queued = (id: string) => (c: api.LiveChange) => c.topic === 'automationQueue' && c.id === id;

describe('live changes of the automation queues', () => {
  it('announces an item fired by a change, and its skip, to its account’s streams only', async () => {
    const automation = await newAutomation(ctx, home, 'email', { trigger: 'patientDied', requiresApproval: true });
    const owner = await newClient(home.admin, home.locationId, { firstName: 'Ivy', lastName: 'Lane', email: 'ivy@example.com' });
    const pet = await newPatient(home.admin, owner.id, home.speciesId, { name: 'Pip' });
    const [mine, theirs] = await Promise.all([openStream(home.admin.cookie), openStream(other.admin.cookie)]);
    try {
      const res = await home.admin.call(api.setPatientDeceased, { params: { id: pet.id }, body: { data: { deceasedOn: '2026-11-20' } } });
      expect(res.statusCode, res.body).toBe(200);
      const waiting = await home.admin.call(api.emailQueueItemOps.list, { query: { view: 'waiting', automationId: automation.id } });
      const fired = (waiting.json() as { items: api.EmailQueueItem[] }).items[0];
      expect(fired, waiting.body).toMatchObject({ status: 'pending' });
      await mine.arrival(queued(fired!.id));

      const before = mine.changes.length;
      const skip = await home.admin.call(api.emailQueueItemOps.update!, { params: { id: fired!.id }, body: { data: { skip: true } } });
      expect(skip.statusCode, skip.body).toBe(200);
      await mine.arrival((c) => mine.changes.indexOf(c) >= before && queued(fired!.id)(c));

      // the other account's stream saw none of it (its own changes would have come in order after)
      const marker = await other.admin.call(api.createTask, { body: { taskData: { locationId: other.locationId, title: 'Theirs' } } });
      await theirs.arrival((c) => c.id === marker.json().id);
      expect(theirs.changes.some((c) => c.topic === 'automationQueue')).toBe(false);
    } finally {
      mine.req.destroy();
      theirs.req.destroy();
    }
  });

  it('announces an item the sender job sent, with no one signed in', async () => {
    const automation = await newAutomation(ctx, home, 'task', { trigger: 'patientDied' });
    const item = await newItem(ctx, home, automation, { status: 'scheduled', dueAt: new Date(Date.now() - 60_000) });
    const mine = await openStream(home.admin.cookie);
    try {
      await new AutomationSender(ctx.database.db, ctx.app.container.automationDelivery).run();
      expect(await itemNow(ctx, home, item.id)).toMatchObject({ status: 'sent' });
      await mine.arrival(queued(item.id));
    } finally {
      mine.req.destroy();
    }
  });
});
