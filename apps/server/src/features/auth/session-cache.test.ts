import { describe, expect, it, vi } from 'vitest';
import type { AuthContext } from '../../platform/access.js';
import { SESSION_CACHE, SessionCache } from './session-cache.js';

const key = 'token-1';
const auth = (): AuthContext => ({ accountId: 'acc-1', homeAccountId: 'acc-1', userId: 'usr-1', sessionId: 'ses-1', permissions: [], roles: [] });
const later = new Date(Date.now() + 3_600_000);

/** A cache whose notices come back as a database would deliver them, when `deliver` is called. */
function cacheWithEcho() {
  const sent: string[] = [];
  const cache = new SessionCache(async (payload) => void sent.push(payload));
  cache.ready();
  const deliver = () => {
    for (const p of sent.splice(0)) cache.notice(p);
  };
  return { cache, sent, deliver };
}

describe('SessionCache', () => {
  it('serves nothing until notices are heard, and nothing after they are lost', () => {
    const cache = new SessionCache(async () => {});
    cache.put(key, cache.mark(), auth(), later);
    expect(cache.get(key)).toBeUndefined();
    cache.ready();
    cache.put(key, cache.mark(), auth(), later);
    expect(cache.get(key)).toMatchObject({ userId: 'usr-1' });
    cache.lost();
    expect(cache.get(key)).toBeUndefined();
    cache.put(key, cache.mark(), auth(), later);
    expect(cache.get(key)).toBeUndefined();
  });

  it('never stores what was read before a notice arrived', () => {
    const { cache } = cacheWithEcho();
    const mark = cache.mark();
    cache.notice('u:someone-else');
    cache.put(key, mark, auth(), later);
    expect(cache.get(key)).toBeUndefined();
  });

  it('drops the entries a notice names: the session, the user, the account, or all', () => {
    const { cache } = cacheWithEcho();
    for (const [payload, dropped] of [
      ['s:ses-2', false],
      ['s:ses-1', true],
      ['u:usr-1', true],
      ['a:acc-1', true],
      ['a:acc-2', false],
      ['*', true],
    ] as const) {
      cache.put(key, cache.mark(), auth(), later);
      cache.notice(payload);
      expect(cache.get(key) === undefined, payload).toBe(dropped);
    }
  });

  it('forgets an entry when its session expires or it grows old', () => {
    const { cache } = cacheWithEcho();
    const now = Date.now();
    cache.put(key, cache.mark(), auth(), new Date(now + 1000), now);
    expect(cache.get(key, now + 999)).toBeDefined();
    expect(cache.get(key, now + 1000)).toBeUndefined();
    cache.put(key, cache.mark(), auth(), later, now);
    expect(cache.get(key, now + SESSION_CACHE.maxAgeMs)).toBeUndefined();
  });

  it('hands out an answer nobody can change', () => {
    const { cache } = cacheWithEcho();
    cache.put(key, cache.mark(), auth(), later);
    const got = cache.get(key)!;
    expect(() => (got.permissions as string[]).push('system.admin')).toThrow();
  });

  it('settles only once its own notice, sent after everything before it, comes back', async () => {
    const { cache, sent, deliver } = cacheWithEcho();
    let settled = false;
    const settling = cache.settle().then(() => (settled = true));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(settled).toBe(false);
    deliver();
    await settling;
    expect(settled).toBe(true);
  });

  it('empties itself when its notice does not come back in time', async () => {
    vi.useFakeTimers();
    try {
      const { cache } = cacheWithEcho();
      cache.put(key, cache.mark(), auth(), later);
      const settling = cache.settle();
      await vi.advanceTimersByTimeAsync(SESSION_CACHE.settleTimeoutMs);
      await settling;
      expect(cache.get(key)).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  describe('lookup: requests that miss together ask once', () => {
    /** A read the test answers when it chooses, counting how often it was asked. */
    function heldRead() {
      let calls = 0;
      const answers: ((value: AuthContext | Error) => void)[] = [];
      const read = () => {
        calls++;
        return new Promise<AuthContext>((resolve, reject) => answers.push((v) => (v instanceof Error ? reject(v) : resolve(v))));
      };
      return { read, calls: () => calls, answer: (v: AuthContext | Error) => answers.shift()!(v) };
    }

    it('shares one read among the requests that missed while it ran, frozen, and reads again once it is done', async () => {
      const { cache } = cacheWithEcho();
      const held = heldRead();
      const all = Promise.all([cache.lookup(key, held.read), cache.lookup(key, held.read), cache.lookup(key, held.read)]);
      expect(held.calls()).toBe(1);
      // Another token is its own question.
      void cache.lookup('token-2', held.read);
      expect(held.calls()).toBe(2);
      held.answer(auth());
      const [a, b, c] = await all;
      expect(a).toBe(b);
      expect(b).toBe(c);
      expect(Object.isFrozen(a) && Object.isFrozen(a!.permissions)).toBe(true);
      // Done: a later miss asks again (what is kept is the cache's business, not the lookup's).
      const next = cache.lookup(key, held.read);
      expect(held.calls()).toBe(3);
      held.answer(auth());
      held.answer(auth());
      await next;
    });

    it('never hands a request a read that began before a notice it has heard', async () => {
      const { cache } = cacheWithEcho();
      const held = heldRead();
      const before = cache.lookup(key, held.read);
      cache.notice('u:usr-1');
      const after = cache.lookup(key, held.read);
      expect(held.calls()).toBe(2);
      held.answer({ ...auth(), permissions: ['clients.view' as never] });
      held.answer(auth());
      expect((await before).permissions).toEqual(['clients.view']);
      expect((await after).permissions).toEqual([]);
    });

    it('shares a refusal with those waiting on it, and asks afresh after it', async () => {
      const { cache } = cacheWithEcho();
      const held = heldRead();
      const first = cache.lookup(key, held.read);
      const second = cache.lookup(key, held.read);
      held.answer(new Error('invalid token'));
      await expect(first).rejects.toThrow('invalid token');
      await expect(second).rejects.toThrow('invalid token');
      const again = cache.lookup(key, held.read);
      expect(held.calls()).toBe(2);
      held.answer(auth());
      await expect(again).resolves.toMatchObject({ userId: 'usr-1' });
    });

    it('shares nothing while notices are not heard', async () => {
      const cache = new SessionCache(async () => {});
      const held = heldRead();
      const both = Promise.all([cache.lookup(key, held.read), cache.lookup(key, held.read)]);
      expect(held.calls()).toBe(2);
      held.answer(auth());
      held.answer(auth());
      const [a, b] = await both;
      expect(a).not.toBe(b);
    });
  });
});
