// Adding a feature touches its own folder and the registries it joins itself (ARCHITECTURE.md,
// "Adding a feature"). The fixture feature in fixture-feature/ (keepsakes a practice keeps of a
// patient: a paw print, a clipping) is written as a product feature would be, and joins the app
// through the feature list alone (moreRoutes here, features/index.ts in the product): no other
// file knows it, yet its table's migration comes from its table alone, its records keep history,
// stay in their account, answer the permission check, and keep a client or patient they name from
// being deleted, through the events the older features publish.
import { readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteClient, deletePatient, getClient, listAuditEvents } from '@willow/contracts';
import * as schema from '../src/db/schema.js';
import { KEEPSAKE_KEEPS_CLIENT, KEEPSAKE_KEEPS_PATIENT, keepsakeOps, type Keepsake } from './fixture-feature/keepsakes.contract.js';
import { keepsakesRoutes } from './fixture-feature/keepsakes.routes.js';
import { keepsakes } from './fixture-feature/keepsakes.table.js';
import { createAccount, createTestApp, createUser, errorOf, type TestAccount, type TestContext } from './harness.js';
import { importsOf } from './imports-of.js';
import { newClient, newPatient } from './records.js';

const FIXTURE = fileURLToPath(new URL('./fixture-feature', import.meta.url));
const SRC = fileURLToPath(new URL('../src', import.meta.url));

/** What the fixture's files import, as paths relative to src/ (or the package's name). */
function fixtureImports(): { file: string; imported: string }[] {
  return readdirSync(FIXTURE).flatMap((file) =>
    importsOf(join(FIXTURE, file)).map((fileName) => ({
      file,
      imported: fileName.startsWith('.') ? relative(SRC, resolve(dirname(join(FIXTURE, file)), fileName)) : fileName,
    })),
  );
}

/**
 * The statements `npm run db:generate` would write for the feature: from its table alone.
 * drizzle-kit's API adds methods to String.prototype and Array.prototype when it loads; they are
 * taken back once the SQL is made, as the worker runs other files after this one (isolate: false).
 */
async function featureMigration(): Promise<string[]> {
  const own = (proto: object) => new Set(Object.getOwnPropertyNames(proto));
  const before = [own(String.prototype), own(Array.prototype)] as const;
  try {
    const { generateDrizzleJson, generateMigration } = await import('drizzle-kit/api');
    return await generateMigration(
      generateDrizzleJson(schema, undefined, undefined, 'snake_case'),
      generateDrizzleJson({ ...schema, keepsakes }, undefined, undefined, 'snake_case'),
    );
  } finally {
    [String.prototype, Array.prototype].forEach((proto, i) => {
      for (const name of own(proto)) if (!before[i]!.has(name)) delete (proto as unknown as Record<string, unknown>)[name];
    });
  }
}

let statements: string[];
let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp({ moreRoutes: [keepsakesRoutes] });
  statements = await featureMigration();
  for (const statement of statements) await ctx.database.db.execute(sql.raw(statement));
  home = await createAccount(ctx);
  other = await createAccount(ctx);
});
afterAll(() => ctx.close());

async function keepsakeFor(account: TestAccount, kind = 'Paw print') {
  const client = await newClient(account.admin, account.locationId);
  const patient = await newPatient(account.admin, client.id, account.speciesId);
  const res = await account.admin.call(keepsakeOps.create, { body: { data: { patientId: patient.id, kind, note: 'In the blue box' } } });
  expect(res.statusCode, res.body).toBe(201);
  return { client, patient, keepsake: res.json() as Keepsake };
}

describe('a feature added in its own folder', () => {
  it('leaves the prototypes as they were', () => {
    expect(Object.keys([])).toEqual([]);
    expect(Object.getOwnPropertyNames(Array.prototype)).not.toContain('random');
    expect(Object.getOwnPropertyNames(String.prototype)).not.toContain('snake_case');
  });

  it('touches nothing outside its folder: it imports the platform, the contracts and what older features offer', () => {
    const outside = fixtureImports().filter(
      ({ file, imported }) =>
        !imported.startsWith('../test/fixture-feature/') &&
        !/^(platform|db)\//.test(imported) &&
        !/^features\/[^/]+\/index\.js$/.test(imported) &&
        !(file.endsWith('.table.ts') && /^features\/[^/]+\/[a-z-]+\.table\.js$/.test(imported)) &&
        imported !== 'container.js' &&
        !['zod', 'drizzle-orm', 'drizzle-orm/pg-core', '@willow/contracts'].includes(imported),
    );
    expect(outside).toEqual([]);
  });

  it('gets its migration from its table alone: one table, references that never cascade', () => {
    expect(statements.filter((s) => /CREATE TABLE/.test(s))).toHaveLength(1);
    expect(statements.every((s) => s.includes('"keepsakes"'))).toBe(true);
    // Only the account's own key cascades (an account deleted for good); what it names never does.
    const references = statements.filter((s) => /FOREIGN KEY/.test(s) && !/FOREIGN KEY \("account_id"\) REFERENCES "public"."accounts"/.test(s));
    expect(references).toHaveLength(2);
    for (const reference of references) expect(reference).toMatch(/ON DELETE no action/);
  });

  it('serves its operations, checks what is sent and keeps history, registered by the kit', async () => {
    const { client, patient, keepsake } = await keepsakeFor(home);
    expect(keepsake).toMatchObject({ patientId: patient.id, clientId: client.id, kind: 'Paw print', note: 'In the blue box' });
    const updated = await home.admin.call(keepsakeOps.update, { params: { id: keepsake.id }, body: { data: { kind: 'Fur clipping' } } });
    expect(updated.json()).toMatchObject({ kind: 'Fur clipping', note: 'In the blue box' });
    const list = await home.admin.call(keepsakeOps.list, { query: { patientId: patient.id } });
    expect(list.json()).toEqual([expect.objectContaining({ id: keepsake.id, kind: 'Fur clipping' })]);

    const blank = await home.admin.call(keepsakeOps.create, { body: { data: { patientId: patient.id, kind: '', note: null } } });
    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank)).toMatch(/^kind: /);
    const stranger = await home.admin.call(keepsakeOps.create, { body: { data: { patientId: (await keepsakeFor(other)).patient.id, kind: 'Urn', note: null } } });
    expect(stranger.statusCode).toBe(400);
    expect(errorOf(stranger)).toBe('patientId: unknown patient');

    const history = await home.admin.call(listAuditEvents, { query: { entityType: 'keepsake', entityId: keepsake.id } });
    expect(history.statusCode, history.body).toBe(200);
    expect((history.json() as { action: string }[]).map((e) => e.action).sort()).toEqual(['create', 'update']);
  });

  it('stays in its account and answers the permission check', async () => {
    const { patient, keepsake } = await keepsakeFor(home);
    expect((await other.admin.call(keepsakeOps.get, { params: { id: keepsake.id } })).statusCode).toBe(404);
    expect((await other.admin.call(keepsakeOps.update, { params: { id: keepsake.id }, body: { data: { kind: 'Theirs' } } })).statusCode).toBe(404);
    expect((await other.admin.call(keepsakeOps.remove, { params: { id: keepsake.id } })).statusCode).toBe(404);
    expect((await other.admin.call(keepsakeOps.list, { query: { patientId: patient.id } })).statusCode).toBe(404);
    const frontDesk = await createUser(ctx, home);
    const denied = await frontDesk.call(keepsakeOps.remove, { params: { id: keepsake.id } });
    expect(denied.statusCode).toBe(403);
    expect((await home.admin.call(keepsakeOps.get, { params: { id: keepsake.id } })).json()).toMatchObject({ kind: 'Paw print' });
  });

  it('keeps the client and the patient it names from being deleted, through the older features’ events', async () => {
    const { client, patient, keepsake } = await keepsakeFor(home);
    expect((await home.admin.call(getClient, { params: { id: client.id } })).json()).toMatchObject({ hasHistory: true });
    const clientGone = await home.admin.call(deleteClient, { params: { id: client.id } });
    expect(clientGone.statusCode).toBe(409);
    expect(errorOf(clientGone)).toBe(KEEPSAKE_KEEPS_CLIENT);
    const patientGone = await home.admin.call(deletePatient, { params: { id: patient.id } });
    expect(patientGone.statusCode).toBe(409);
    expect(errorOf(patientGone)).toBe(KEEPSAKE_KEEPS_PATIENT);

    // Given back, the keepsake no longer holds them.
    expect((await home.admin.call(keepsakeOps.remove, { params: { id: keepsake.id } })).json()).toEqual({ ok: true });
    expect((await home.admin.call(getClient, { params: { id: client.id } })).json()).toMatchObject({ hasHistory: false });
    expect((await home.admin.call(deleteClient, { params: { id: client.id } })).statusCode).toBe(200);
  });
});
