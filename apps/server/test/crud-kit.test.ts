// The CRUD kit on all three of its promises, through a fixture entity of its own (an order with
// lines, owned by a location): a header and its items written in one transaction, the location
// checked on create, move and list, paged lists with a total, a named wrapper, a subset of the
// operations, and a public create through its guard. The tables exist only in this test's database.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authenticated, crudOperations, idField, listAuditEvents, nameField, PageQuery, publicAccess } from '@willow/contracts';
import { tenantKey, tenantPrimaryKey } from '../src/db/columns.js';
import { locationOwnership } from '../src/features/locations/locations.service.js';
import { locationsRepository } from '../src/features/locations/locations.repository.js';
import { registerCrud, TenantCrudService } from '../src/platform/crud.js';
import { badRequest, HttpError, notFound } from '../src/platform/errors.js';
import { tenantRepository } from '../src/platform/tenant-repository.js';
import { childTable } from '../src/platform/tenant-row-sets.js';
import { createAccount, createTestApp, errorOf, anonymous, type TestAccount, type TestContext } from './harness.js';

const orders = pgTable(
  'kit_orders',
  {
    ...tenantKey(),
    locationId: uuid().notNull(),
    title: text().notNull(),
    total: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantPrimaryKey(t)],
);
const orderLines = pgTable(
  'kit_order_lines',
  { ...tenantKey(), orderId: uuid().notNull(), position: integer().notNull(), name: text().notNull(), amount: integer().notNull() },
  (t) => [tenantPrimaryKey(t)],
);

const Order = z.object({
  id: z.string(),
  locationId: z.string(),
  title: z.string(),
  total: z.number().int(),
  lines: z.array(z.object({ name: z.string(), amount: z.number().int() })),
});
const OrderInput = z.object({ locationId: idField(), title: nameField() });
const LineInput = z.object({ name: nameField(), amount: z.number().int().min(0, 'must be 0 or more') });
const orderOps = crudOperations({
  path: '/api/kitOrder',
  tag: 'kit',
  noun: 'order',
  entity: Order,
  read: authenticated,
  write: authenticated,
  list: { query: PageQuery.extend({ locationId: idField() }), paged: true },
  create: { input: OrderInput },
  update: { input: OrderInput.partial() },
  remove: {},
  wrapper: 'orderData',
  items: { key: 'orderLines', input: LineInput, max: 5 },
});
/** The same orders, sent from a public page: create only. */
const requestOps = crudOperations({
  path: '/api/kitRequest',
  tag: 'kit',
  noun: 'order request',
  entity: Order,
  read: authenticated,
  write: authenticated,
  create: { input: OrderInput, access: publicAccess },
  wrapper: 'requestData',
  items: { key: 'requestLines', input: LineInput },
});

const ordersRepository = tenantRepository(orders);
const linesTable = childTable(orderLines, orderLines.orderId);
type OrderRow = typeof orders.$inferSelect;
type Input = z.output<typeof OrderInput>;
type Line = z.output<typeof LineInput>;

function ordersService(db: ConstructorParameters<typeof TenantCrudService>[0], audit: ConstructorParameters<typeof TenantCrudService>[1]) {
  return new TenantCrudService<typeof orders, z.infer<typeof Order>, Input, Partial<Input>, { locationId: string; limit: number; offset: number }, z.infer<typeof Order>, Line>(
    db,
    audit,
    {
      entityType: 'kitOrder',
      repository: ordersRepository,
      toEntities: async (ex, scope, rows: OrderRow[]) => {
        const lines = await linesTable.of(
          ex,
          scope,
          rows.map((r) => r.id),
        );
        return rows.map((r) => ({
          id: r.id,
          locationId: r.locationId,
          title: r.title,
          total: r.total,
          lines: (lines.get(r.id) ?? []).map((l) => ({ name: l.name, amount: l.amount })),
        }));
      },
      listOptions: (q) => ({ where: sql`${orders.locationId} = ${q.locationId}`, orderBy: [orders.title] }),
      paged: true,
      location: locationOwnership,
      prepareCreate: async (_ex, _caller, input) => input,
      preparePatch: async (_ex, _scope, input) => input,
      items: {
        table: linesTable,
        prepare: async (_ex, _scope, items) => {
          // A refusal after the header was written: the transaction must take the header back too.
          if (items.some((l) => l.name === 'forbidden')) throw badRequest('orderLines: forbidden line');
          return items.map((l) => ({ name: l.name, amount: l.amount }));
        },
        afterWrite: async (ex, scope, header, lines) =>
          (await ordersRepository.update(ex, scope, header.id, { total: lines.reduce((sum, l) => sum + l.amount, 0) }))!,
      },
      publicCreate: {
        scopeOf: async (ex, input) => {
          const found = await locationsRepository.activeForBooking(ex, input.locationId);
          if (!found) throw notFound();
          return { accountId: found.location.accountId };
        },
        guard: async (_ex, _scope, _request, input) => {
          if (input.title === 'Flood') throw new HttpError(429, 'Too many requests');
        },
      },
    },
  );
}

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  let service: ReturnType<typeof ordersService> | undefined;
  ctx = await createTestApp({
    moreRoutes: [
      (r, c) => {
        service = ordersService(c.db, c.audit);
        registerCrud(r, orderOps, service);
        registerCrud(r, requestOps, service);
      },
    ],
  });
  await ctx.database.db.execute(sql`create table kit_orders (
    account_id uuid not null references accounts(id), id uuid not null default gen_random_uuid(),
    location_id uuid not null, title text not null, total integer not null default 0,
    created_at timestamptz not null default now(), updated_at timestamptz not null default now(),
    primary key (account_id, id), foreign key (account_id, location_id) references locations(account_id, id))`);
  await ctx.database.db.execute(sql`create table kit_order_lines (
    account_id uuid not null references accounts(id), id uuid not null default gen_random_uuid(),
    order_id uuid not null, position integer not null, name text not null, amount integer not null,
    primary key (account_id, id), foreign key (account_id, order_id) references kit_orders(account_id, id))`);
  home = await createAccount(ctx);
  other = await createAccount(ctx);
});
afterAll(() => ctx.close());

const countRows = async (table: 'kit_orders' | 'kit_order_lines') =>
  Number(((await ctx.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]!.n);

async function createOrder(title: string, lines: Line[] = [{ name: 'Urn', amount: 12000 }], locationId = home.locationId) {
  const res = await home.admin.call(orderOps.create, { body: { orderData: { locationId, title }, orderLines: lines } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as z.infer<typeof Order>;
}

describe('the CRUD kit', () => {
  it('makes only the operations an entity has, under its own body keys', () => {
    expect(Object.keys(requestOps).filter((k) => k !== 'body')).toEqual(['create']);
    expect(requestOps.body).toEqual({ data: 'requestData', items: 'requestLines' });
    expect(orderOps.update.body!.safeParse({ orderData: {} }).success).toBe(true);
    expect(orderOps.create.body!.safeParse({ orderData: { locationId: randomUUID(), title: 'A' } }).success).toBe(false);
  });

  it('writes a header with its items in one transaction, in the order sent, with what follows from them', async () => {
    const order = await createOrder('Memorial', [
      { name: 'Cremation', amount: 30000 },
      { name: 'Paw print', amount: 4500 },
    ]);
    expect(order).toMatchObject({ title: 'Memorial', total: 34500, lines: [{ name: 'Cremation' }, { name: 'Paw print' }] });
  });

  it('takes the header back when an item is refused, and says which field', async () => {
    const [orders, lines] = [await countRows('kit_orders'), await countRows('kit_order_lines')];
    const res = await home.admin.call(orderOps.create, {
      body: { orderData: { locationId: home.locationId, title: 'Half' }, orderLines: [{ name: 'ok', amount: 1 }, { name: 'forbidden', amount: 1 }] },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('orderLines: forbidden line');
    expect([await countRows('kit_orders'), await countRows('kit_order_lines')]).toEqual([orders, lines]);
    const tooMany = await home.admin.call(orderOps.create, {
      body: { orderData: { locationId: home.locationId, title: 'Many' }, orderLines: Array.from({ length: 6 }, () => ({ name: 'x', amount: 1 })) },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(errorOf(tooMany)).toContain('orderLines');
  });

  it('replaces the items when an update sends them, and keeps them when it does not', async () => {
    const order = await createOrder('Keep');
    const renamed = await home.admin.call(orderOps.update, { params: { id: order.id }, body: { orderData: { title: 'Kept' } } });
    expect(renamed.json()).toMatchObject({ title: 'Kept', total: 12000, lines: [{ name: 'Urn' }] });
    const replaced = await home.admin.call(orderOps.update, {
      params: { id: order.id },
      body: { orderData: {}, orderLines: [{ name: 'Scatter tube', amount: 2500 }] },
    });
    expect(replaced.json()).toMatchObject({ total: 2500, lines: [{ name: 'Scatter tube', amount: 2500 }] });
  });

  it('deletes the items with their header', async () => {
    const order = await createOrder('Gone', [{ name: 'a', amount: 1 }, { name: 'b', amount: 2 }]);
    const lines = await countRows('kit_order_lines');
    expect((await home.admin.call(orderOps.remove, { params: { id: order.id } })).json()).toEqual({ ok: true });
    expect(await countRows('kit_order_lines')).toBe(lines - 2);
  });

  it('checks the location on create and on a move, and a list of another account’s location is not found', async () => {
    const foreign = await home.admin.call(orderOps.create, { body: { orderData: { locationId: other.locationId, title: 'No' }, orderLines: [] } });
    expect(foreign.statusCode).toBe(400);
    expect(errorOf(foreign)).toBe('locationId: unknown location');
    const order = await createOrder('Stay');
    const moved = await home.admin.call(orderOps.update, { params: { id: order.id }, body: { orderData: { locationId: other.locationId } } });
    expect(moved.statusCode).toBe(400);
    expect(errorOf(moved)).toBe('locationId: unknown location');
    expect((await home.admin.call(orderOps.list, { query: { locationId: other.locationId } })).statusCode).toBe(404);
    expect((await home.admin.call(orderOps.update, { params: { id: order.id }, body: { orderData: {} } })).json()).toMatchObject({ locationId: home.locationId });
  });

  it('pages a list with how many there are in all', async () => {
    const place = await ctx.database.db.transaction((tx) => locationsRepository.insert(tx, { accountId: home.accountId }, { name: `Paged ${randomUUID()}`, timezone: 'UTC' }));
    for (const title of ['A', 'B', 'C']) await createOrder(title, [], place.id);
    const page = await home.admin.call(orderOps.list, { query: { locationId: place.id, limit: '2', offset: '1' } });
    expect(page.json()).toMatchObject({ total: 3, items: [{ title: 'B' }, { title: 'C' }] });
  });

  it('answers 404 for another account’s order and changes nothing', async () => {
    const order = await createOrder('Mine');
    expect((await other.admin.call(orderOps.update, { params: { id: order.id }, body: { orderData: { title: 'Theirs' } } })).statusCode).toBe(404);
    expect((await other.admin.call(orderOps.remove, { params: { id: order.id } })).statusCode).toBe(404);
    expect((await home.admin.call(orderOps.list, { query: { locationId: home.locationId, limit: '200' } })).json().items).toContainEqual(
      expect.objectContaining({ id: order.id, title: 'Mine' }),
    );
  });

  it('takes a public create into the account of the location it names, through its guard, with history by no one', async () => {
    const res = await anonymous(ctx).call(requestOps.create, {
      body: { requestData: { locationId: other.locationId, title: 'From the web' }, requestLines: [{ name: 'Visit', amount: 9000 }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json() as z.infer<typeof Order>;
    expect(made).toMatchObject({ locationId: other.locationId, total: 9000 });
    const history = await other.admin.call(listAuditEvents, { query: { entityType: 'kitOrder', entityId: made.id } });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json()).toEqual([expect.objectContaining({ action: 'create', actor: null })]);
    // The guard refuses before anything is written; an unknown location is not found.
    const flood = await anonymous(ctx).call(requestOps.create, { body: { requestData: { locationId: other.locationId, title: 'Flood' }, requestLines: [] } });
    expect(flood.statusCode).toBe(429);
    const unknown = await anonymous(ctx).call(requestOps.create, { body: { requestData: { locationId: randomUUID(), title: 'Lost' }, requestLines: [] } });
    expect(unknown.statusCode).toBe(404);
  });
});
