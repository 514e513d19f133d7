// A task's changes reach the account's open live streams (topic `task`, decision 0189), so the
// pages' lists and the badge of my open tasks refresh without a reload; another account hears nothing.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, type TestAccount, type TestContext } from '../../../test/harness.js';
import { openStream as openLiveStream } from '../../../test/live-changes-client.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let port: number;
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => ctx?.close());

const openStream = (cookie: string) => openLiveStream(port, cookie);

describe('live changes of tasks', () => {
  it('announces a task created, completed and deleted to its account’s streams only', async () => {
    const [mine, theirs] = await Promise.all([openStream(home.admin.cookie), openStream(other.admin.cookie)]);
    try {
      const created = await home.admin.call(api.createTask, { body: { taskData: { locationId: home.locationId, title: 'Call back tomorrow 10:00' } } });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as string;
      await mine.arrival((c) => c.topic === 'task' && c.id === id);
      const before = mine.changes.length;
      expect((await home.admin.call(api.updateTask, { params: { id }, body: { taskData: { completed: true } } })).statusCode).toBe(200);
      await mine.arrival((c) => mine.changes.indexOf(c) >= before && c.id === id);
      const again = mine.changes.length;
      expect((await home.admin.call(api.deleteTask, { params: { id } })).statusCode).toBe(200);
      await mine.arrival((c) => mine.changes.indexOf(c) >= again && c.id === id);
      // the other account's stream saw none of it (its own changes would have come in order after)
      const marker = await other.admin.call(api.createTask, { body: { taskData: { locationId: other.locationId, title: 'Theirs' } } });
      await theirs.arrival((c) => c.id === marker.json().id);
      expect(theirs.changes.some((c) => c.id === id)).toBe(false);
    } finally {
      mine.req.destroy();
      theirs.req.destroy();
    }
  });
});
