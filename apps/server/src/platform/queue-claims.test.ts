// The queues' claims (decision 0254): the outbox, the product's mail and the domain events'
// deliveries are taken one account's rows per statement, earliest due first, never more than the
// claim asked for, and two claims at once never take the same row (FOR UPDATE SKIP LOCKED). The
// same file runs on PGlite, on PostgreSQL and through a Citus coordinator (`npm run test:citus`),
// where each claim statement must stay on the shard of its account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { communicationsRepository, type OutboxRow } from '../features/communications/index.js';
import { productMessagesRepository } from '../features/product-mail/index.js';
import { domainEventsRepository } from './domain-events.repository.js';
import { eventDeliveries } from './domain-events.table.js';
import { createAccount, createTestApp, type TestAccount, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let accounts: [TestAccount, TestAccount];

// Rows fall due an hour or more from now and the claims look three hours ahead: the app's own
// workers, running beside the test, never reach them first. A claim's lease ends after that.
const inHours = (h: number, ms = 0) => new Date(Date.now() + h * 3_600_000 + ms);
const claimTime = () => inHours(3);
const LEASE = 10 * 3_600_000;

beforeAll(async () => {
  ctx = await createTestApp();
  accounts = [await createAccount(ctx), await createAccount(ctx)];
});
afterAll(() => ctx?.close());

// A database shared with other files (the Citus suite's) may hold their due rows too: only this
// file's rows are counted, and each claim is held to its limit whatever else it took.
const ofThese = (ids: string[], rows: { id: string }[]) => rows.filter((r) => ids.includes(r.id)).map((r) => r.id);

describe('a claim of the outbox', () => {
  it('takes at most its limit, earliest due first across accounts, and a claim beside it takes the rest', async () => {
    const db = ctx.database.db;
    const [a, b] = accounts;
    // b's first message is the earliest, then a's three, then b's other two.
    const ids: string[] = [];
    for (const [account, ms] of [[b, 0], [a, 1], [a, 2], [a, 3], [b, 4], [b, 5]] as const) {
      const row = await communicationsRepository.enqueue(db, account, {
        locationId: account.locationId,
        channel: 'email',
        toAddress: `c${ms}@test.example`,
        subject: 's',
        body: 'b',
        dueAt: inHours(1, ms),
      });
      ids.push(row.id);
    }
    // Another worker (its own connection, on a server) claims while the first still holds its
    // rows, and skips them. PGlite has one connection: there the second claims after the first.
    const url = ctx.database.url;
    const other = url ? await openDatabase({ dataDir: '', databaseUrl: url, migrate: false }) : undefined;
    const claimRest = () => (other ?? ctx.database).db.transaction((tx) => communicationsRepository.claim(tx, claimTime(), LEASE, 100));
    let first: OutboxRow[];
    let second: OutboxRow[] = [];
    try {
      first = await db.transaction(async (tx) => {
        const mine = await communicationsRepository.claim(tx, claimTime(), LEASE, 4);
        if (other) second = await claimRest();
        return mine;
      });
      if (!other) second = await claimRest();
    } finally {
      await other?.close();
    }
    expect(first.length).toBeLessThanOrEqual(4);
    // alone in its database, the claim took the four earliest
    if (ofThese(ids, first).length === first.length) expect(ofThese(ids, first).sort()).toEqual(ids.slice(0, 4).sort());
    expect([...ofThese(ids, first), ...ofThese(ids, second)].sort()).toEqual([...ids].sort());
    expect(first.every((r) => r.state === 'sending' && r.claimToken)).toBe(true);
    // The holder's token settles a message; another does not.
    const row = first.find((r) => ids.includes(r.id))!;
    const scope = { accountId: row.accountId };
    expect(await communicationsRepository.settle(db, scope, row.id, '00000000-0000-4000-8000-000000000000', { state: 'sent' })).toBe(false);
    expect(await communicationsRepository.settle(db, scope, row.id, row.claimToken!, { state: 'sent' })).toBe(true);
  });
});

describe('a claim of the product’s mail', () => {
  it('takes at most its limit, with a token made by the app', async () => {
    const db = ctx.database.db;
    const ids: string[] = [];
    // Due weeks ago, before any other: the product's mail is one queue for every account, and on the
    // Citus suite's shared database the files before this one leave theirs in it (over a hundred).
    for (let i = 0; i < 3; i++) {
      ids.push((await productMessagesRepository.enqueue(db, { channel: 'email', toAddress: `p${i}@test.example`, subject: 's', body: 'b', dueAt: inHours(-1000, i) })).id);
    }
    const first = await db.transaction((tx) => productMessagesRepository.claim(tx, claimTime(), LEASE, 2));
    expect(first.length).toBeLessThanOrEqual(2);
    const rest = await db.transaction((tx) => productMessagesRepository.claim(tx, claimTime(), LEASE, 100));
    expect([...ofThese(ids, first), ...ofThese(ids, rest)].sort()).toEqual([...ids].sort());
    const mine = [...first, ...rest].find((r) => ids.includes(r.id))!;
    expect(mine).toMatchObject({ state: 'sending', attempts: 1 });
    expect(await productMessagesRepository.settle(db, mine.id, mine.claimToken!, { state: 'sent' })).toBe(true);
  });
});

describe('a claim of the domain events’ deliveries', () => {
  it('takes each account’s due deliveries, at most its limit', async () => {
    const db = ctx.database.db;
    const ids: string[] = [];
    for (const a of accounts) {
      for (let i = 0; i < 2; i++) {
        const [row] = await db
          .insert(eventDeliveries)
          .values({ accountId: a.accountId, event: 'test.event', subscriber: 'nobody', payload: {}, dueAt: inHours(2.5, i) })
          .returning();
        ids.push(row!.id);
      }
    }
    const first = await domainEventsRepository.claim(db, claimTime(), LEASE, 3);
    expect(first.length).toBeLessThanOrEqual(3);
    const rest = await domainEventsRepository.claim(db, claimTime(), LEASE, 100);
    const claimed = [...first, ...rest].filter((r) => ids.includes(r.id));
    expect(claimed.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(claimed.every((r) => r.state === 'running' && r.claimToken)).toBe(true);
    for (const r of claimed) expect(await domainEventsRepository.settle(db, r, r.id, r.claimToken!, { state: 'done', doneAt: new Date() })).toBe(true);
  });
});
