// Test setup the communications tests share.
import { expect } from 'vitest';
import * as api from '@willow/contracts';
import type { TestAccount } from '../../../test/harness.js';

/** The message once the outbox's worker is done with it (no longer queued or sending), as staff see it in the log. */
export async function settled(t: TestAccount, id: string, ms = 10_000): Promise<api.Message> {
  const end = Date.now() + ms;
  for (;;) {
    const res = await t.admin.call(api.listMessages, { query: { limit: 200 } });
    expect(res.statusCode, res.body).toBe(200);
    const m = (res.json().items as api.Message[]).find((x) => x.id === id);
    if (!m) throw new Error(`message ${id} is not in the log`);
    if (m.state !== 'queued' && m.state !== 'sending') return m;
    if (Date.now() > end) throw new Error(`message ${id} is still ${m.state}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
