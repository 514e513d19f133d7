// Security-critical: a checked session is reused for a short while without asking the database,
// and dropped the moment anything that could refuse it changes (decision 0061).
//
// The database says what changed: the repositories that make the change NOTIFY
// `willow_sessions` in its transaction (platform/session-notices.repository.ts) when a session is
// revoked or moved, a user deactivated, a role granted, changed or taken away, or an account
// deactivated, and every app server listens. Three rules keep a stale answer out:
// - no notices heard (not yet listening, or the connection dropped), no cache: every request asks;
// - an answer read before a notice arrived is never stored (the generation moved on meanwhile);
// - a write request waits, before it answers, until this server has heard everything committed
//   before it (`settle`): what a person just did here holds on their very next request.
// An entry also lives at most MAX_AGE_MS, in case a notice connection dies without a word.
// Requests that miss while their token is being looked up wait for that lookup (`lookup`) rather
// than each asking: only while no notice has come since it started, the rule `put` keeps.
import { randomUUID } from 'node:crypto';
import type { AuthContext } from '../../platform/access.js';

export { SESSION_NOTICES } from '../../platform/session-notices.repository.js';
export const SESSION_CACHE = { maxAgeMs: 60_000, maxEntries: 10_000, settleTimeoutMs: 2_000 } as const;

interface Entry {
  auth: AuthContext;
  /** the session's own expiry */
  expiresAt: number;
  cachedAt: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private listening = false;
  private generation = 0;
  private readonly me = randomUUID();
  private settles = 0;
  private readonly waiting = new Map<string, () => void>();
  /** Each token's lookup under way, with the generation it started in. */
  private readonly lookups = new Map<string, { mark: number; answer: Promise<AuthContext> }>();

  /** `notify` sends one notice on the channel (through the database, after what was committed). */
  constructor(private readonly notify: (payload: string) => Promise<void>) {}

  get active(): boolean {
    return this.listening;
  }

  /**
   * The session a token was checked to hold. Keyed by the token itself: the same string was
   * verified (signature and claims) when it was stored, so it need not be verified again.
   */
  get(token: string, now = Date.now()): AuthContext | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.expiresAt <= now || now - entry.cachedAt >= SESSION_CACHE.maxAgeMs) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.auth;
  }

  /** Taken before reading a session: `put` stores what was read only if no notice came in between. */
  mark(): number {
    return this.generation;
  }

  /** `expiresAt`: the earlier of the token's and the session's expiry. */
  put(token: string, mark: number, auth: AuthContext, expiresAt: Date, now = Date.now()): void {
    if (!this.listening || mark !== this.generation) return;
    if (this.entries.size >= SESSION_CACHE.maxEntries) {
      // The oldest entry goes first (a Map keeps insertion order).
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(token, { auth: freeze(auth), expiresAt: expiresAt.getTime(), cachedAt: now });
  }

  /**
   * The session a token holds, read by `read` once for all the requests that miss together: a
   * page's parallel requests, or the fifty in flight when a busy session's entry ages out, each
   * asked the database the same question at the same moment (seen in the statement log of a
   * 50-concurrent load: dozens of identical session lookups at once on the pool of ten). A
   * request joins a lookup only if no notice has come since it started (the generation is
   * unchanged), so it gets nothing older than an entry `get` could have handed it. A refusal is
   * shared alike: it is the same token's. The answer is frozen, as a cached one: requests share it.
   */
  lookup(token: string, read: () => Promise<AuthContext>): Promise<AuthContext> {
    if (!this.listening) return read();
    const mark = this.generation;
    const pending = this.lookups.get(token);
    if (pending && pending.mark === mark) return pending.answer;
    const entry = { mark, answer: read().then(freeze) };
    this.lookups.set(token, entry);
    const done = () => {
      if (this.lookups.get(token) === entry) this.lookups.delete(token);
    };
    entry.answer.then(done, done);
    return entry.answer;
  }

  /** A notice from the database (or this server's own settle coming back). */
  notice(payload: string): void {
    if (payload.startsWith('settle:')) {
      this.waiting.get(payload.slice(7))?.();
      return;
    }
    this.generation++;
    const [kind, id] = [payload.slice(0, 2), payload.slice(2)];
    if (payload === '*' || !['s:', 'u:', 'a:'].includes(kind)) return this.entries.clear();
    for (const [k, e] of this.entries) {
      const { auth } = e;
      const hit =
        (kind === 's:' && auth.sessionId === id) ||
        (kind === 'u:' && auth.userId === id) ||
        (kind === 'a:' && (auth.accountId === id || auth.homeAccountId === id));
      if (hit) this.entries.delete(k);
    }
  }

  /** Notices may have been missed: forget everything and ask the database until they are heard again. */
  lost(): void {
    this.listening = false;
    this.generation++;
    this.entries.clear();
    for (const done of this.waiting.values()) done();
  }

  ready(): void {
    this.generation++;
    this.entries.clear();
    this.listening = true;
  }

  /**
   * Returns once this server has heard every notice committed before now. PostgreSQL delivers
   * notices in commit order, so hearing its own notice sent after a write means the write's
   * notices have been handled. If it does not come back in time, the cache is emptied instead.
   */
  async settle(): Promise<void> {
    if (!this.listening) return;
    const id = `${this.me}:${++this.settles}`;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<boolean>((resolve) => {
      this.waiting.set(id, () => resolve(true));
      timer = setTimeout(() => resolve(false), SESSION_CACHE.settleTimeoutMs);
    });
    try {
      const sent = await this.notify(`settle:${id}`).then(
        () => true,
        () => false,
      );
      if (!sent || !(await heard)) {
        this.generation++;
        this.entries.clear();
      }
    } finally {
      clearTimeout(timer);
      this.waiting.delete(id);
    }
  }
}

/** Handed to every request that shares it: nobody may change it along the way. */
function freeze(auth: AuthContext): AuthContext {
  if (Object.isFrozen(auth)) return auth;
  Object.freeze(auth.permissions);
  for (const r of auth.roles) Object.freeze(r);
  Object.freeze(auth.roles);
  return Object.freeze(auth);
}
