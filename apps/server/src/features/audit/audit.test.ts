import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import {
  createAccount,
  createTestApp,
  createUser,
  errorOf,
  uploadDocument,
  type Client,
  type TestAccount,
  type TestContext,
} from '../../../test/harness.js';
import { addLocation, newClient, newContact, newPatient } from '../../../test/records.js';
import { clientsRepository } from '../clients/clients.repository.js';
import { auditRepository } from './audit.repository.js';
import { AuditService } from './audit.service.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let staff: Client & { userId: string };
let manager: Client & { userId: string };
/** deletes for good (records.delete) */
let remover: Client & { userId: string };
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  [staff, manager, remover] = await Promise.all([
    createUser(ctx, home, [], { firstName: 'Sam' }),
    createUser(ctx, home, ['users.manage'], { firstName: 'Mia' }),
    createUser(ctx, home, ['records.delete'], { firstName: 'Rita' }),
  ]);
});
afterAll(() => ctx?.close());

async function history(entityType: string, entityId: string, caller: Client = staff): Promise<api.AuditEvent[]> {
  const res = await caller.call(api.listAuditEvents, { query: { entityType, entityId } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as api.AuditEvent[];
}
const actions = (events: api.AuditEvent[]) => events.map((e) => e.action);

describe('GET /api/audit', () => {
  it('records who created, changed and deleted a client, and what changed, newest first', async () => {
    const client = await newClient(staff, home.locationId, { firstName: 'Hal', lastName: 'History', email: 'hal@example.com' });
    await manager.call(api.updateClient, { params: { id: client.id }, body: { data: { lastName: 'Historic', phone: '555-0100' } } });
    await remover.call(api.deleteClient, { params: { id: client.id } });

    const events = await history('client', client.id);
    expect(actions(events)).toEqual(['delete', 'update', 'create']);
    const [deleted, updated, created] = events;
    expect(created).toMatchObject({ entityType: 'client', entityId: client.id, actor: { id: staff.userId, name: 'Sam User' } });
    expect(created!.changes).toMatchObject({
      firstName: { from: null, to: 'Hal' },
      lastName: { from: null, to: 'History' },
      email: { from: null, to: 'hal@example.com' },
    });
    expect(updated!.actor).toEqual({ id: manager.userId, name: 'Mia User' });
    expect(updated!.changes).toEqual({ lastName: { from: 'History', to: 'Historic' }, phone: { from: null, to: '555-0100' } });
    expect(deleted!.changes).toMatchObject({ lastName: { from: 'Historic', to: null } });
    for (const e of events) expect(Date.parse(e.at)).not.toBeNaN();
    expect(created!.at <= updated!.at && updated!.at <= deleted!.at).toBe(true);
  });

  it('records archiving and restoring a client, and each patient archived and restored with them', async () => {
    const client = await newClient(staff, home.locationId, { firstName: 'Ari', lastName: 'Archive' });
    const patient = await newPatient(staff, client.id, home.speciesId, { name: 'Rex' });
    expect((await staff.call(api.archiveClient, { params: { id: client.id } })).statusCode).toBe(200);
    // A second press changes nothing and leaves no entry.
    expect((await staff.call(api.archiveClient, { params: { id: client.id } })).statusCode).toBe(200);
    expect((await manager.call(api.restoreClient, { params: { id: client.id } })).statusCode).toBe(200);

    const events = await history('client', client.id);
    expect(actions(events)).toEqual(['restore', 'archive', 'create']);
    const [restored, archived] = events;
    expect(archived).toMatchObject({ actor: { name: 'Sam User' }, changes: { archivedAt: { from: null, to: expect.any(String) } } });
    expect(restored).toMatchObject({ actor: { name: 'Mia User' }, changes: { archivedAt: { from: archived!.changes.archivedAt!.to, to: null } } });
    expect(await history('patient', patient.id)).toMatchObject([
      { action: 'restore', actor: { name: 'Mia User' }, changes: { archivedAt: { to: null } } },
      { action: 'archive', actor: { name: 'Sam User' }, changes: { archivedAt: { from: null, to: archived!.changes.archivedAt!.to } } },
      { action: 'create' },
    ]);
  });

  it('keeps no entry for an update that changed nothing', async () => {
    const client = await newClient(staff, home.locationId, { firstName: 'Same' });
    const res = await staff.call(api.updateClient, { params: { id: client.id }, body: { data: { firstName: 'Same' } } });
    expect(res.statusCode).toBe(200);
    expect(actions(await history('client', client.id))).toEqual(['create']);
  });

  it('records patients, including a recorded death', async () => {
    const client = await newClient(staff, home.locationId);
    const patient = await newPatient(staff, client.id, home.speciesId, { name: 'Rex' });
    await staff.call(api.updatePatient, { params: { id: patient.id }, body: { data: { name: 'Rexy' } } });
    await staff.call(api.setPatientDeceased, { params: { id: patient.id }, body: { data: { deceasedOn: '2025-04-01', note: 'Old age' } } });
    await remover.call(api.deletePatient, { params: { id: patient.id } });
    const events = await history('patient', patient.id);
    expect(actions(events)).toEqual(['delete', 'update', 'update', 'create']);
    expect(events[1]!.changes).toEqual({ deceasedOn: { from: null, to: '2025-04-01' }, deceasedNote: { from: null, to: 'Old age' } });
    expect(events[2]!.changes).toEqual({ name: { from: 'Rex', to: 'Rexy' } });
  });

  it('records prescriptions and vaccinations', async () => {
    const client = await newClient(staff, home.locationId);
    const patient = await newPatient(staff, client.id, home.speciesId);
    const rx = (
      await staff.call(api.prescriptionOps.create, {
        body: { data: { patientId: patient.id, drug: 'Meloxicam', dose: '1 ml', frequency: 'daily', quantity: '10 ml', prescribedOn: '2025-01-01' } },
      })
    ).json() as api.Prescription;
    await staff.call(api.prescriptionOps.update, { params: { id: rx.id }, body: { data: { refills: 2 } } });
    await remover.call(api.prescriptionOps.remove, { params: { id: rx.id } });
    const rxEvents = await history('prescription', rx.id);
    expect(actions(rxEvents)).toEqual(['delete', 'update', 'create']);
    expect(rxEvents[1]!.changes).toEqual({ refills: { from: 0, to: 2 } });
    expect(rxEvents[2]!.changes).toMatchObject({ drug: { from: null, to: 'Meloxicam' }, patientId: { from: null, to: patient.id } });

    const vx = (
      await staff.call(api.vaccinationOps.create, { body: { data: { patientId: patient.id, vaccine: 'Rabies', givenOn: '2025-01-01' } } })
    ).json() as api.Vaccination;
    await staff.call(api.vaccinationOps.update, { params: { id: vx.id }, body: { data: { nextDueOn: '2026-01-01' } } });
    await remover.call(api.vaccinationOps.remove, { params: { id: vx.id } });
    const vxEvents = await history('vaccination', vx.id);
    expect(actions(vxEvents)).toEqual(['delete', 'update', 'create']);
    expect(vxEvents[1]!.changes).toEqual({ nextDueOn: { from: null, to: '2026-01-01' } });
  });

  it('records contacts, their merge and its undo', async () => {
    const survivor = await newContact(staff, { name: 'Keep Me', email: 'keep@example.com' });
    const dupe = await newContact(staff, { name: 'Merge Me', email: 'merged@example.com' });
    await staff.call(api.updateContact, { params: { id: survivor.id }, body: { data: { phone: '555-0111' } } });
    const merge = await manager.call(api.mergeContacts, {
      body: { data: { survivorId: survivor.id, mergedIds: [dupe.id], fields: { email: dupe.id } } },
    });
    expect(merge.statusCode).toBe(200);
    await staff.call(api.undoContactMerge, { params: { id: merge.json().merge.id } });

    const events = await history('contact', survivor.id);
    expect(actions(events)).toEqual(['unmerge', 'merge', 'update', 'create']);
    expect(events[1]).toMatchObject({ actor: { name: 'Mia User' } });
    expect(events[1]!.changes).toMatchObject({
      email: { from: 'keep@example.com', to: 'merged@example.com' },
      mergedFrom: { from: null, to: [dupe.id] },
    });
    expect(events[0]!.changes).toMatchObject({ email: { from: 'merged@example.com', to: 'keep@example.com' } });
    const merged = await history('contact', dupe.id);
    expect(actions(merged)).toEqual(['unmerge', 'merge', 'create']);
    expect(merged[1]!.changes).toEqual({ mergedIntoId: { from: null, to: survivor.id } });

    await staff.call(api.deleteContact, { params: { id: dupe.id } });
    expect(actions(await history('contact', dupe.id))[0]).toBe('delete');
  });

  it('records documents without ever showing where the file is stored', async () => {
    const client = await newClient(staff, home.locationId);
    const doc = (await uploadDocument(ctx, staff, { clientId: client.id, description: 'Scan' })).json() as api.Document;
    await staff.call(api.updateDocument, { params: { id: doc.id }, body: { data: { description: 'Signed scan' } } });
    await remover.call(api.deleteDocument, { params: { id: doc.id } });
    const events = await history('document', doc.id);
    expect(actions(events)).toEqual(['delete', 'update', 'create']);
    expect(events[1]!.changes).toEqual({ description: { from: 'Scan', to: 'Signed scan' } });
    expect(events[2]!.changes).toMatchObject({ fileName: { from: null, to: 'referral.pdf' }, clientId: { from: null, to: client.id } });
    for (const e of events) {
      expect(Object.keys(e.changes)).not.toContain('storageKey');
      expect(JSON.stringify(e.changes)).not.toContain(home.accountId);
    }
  });

  it('records imported clients and patients', async () => {
    const locationId = await addLocation(ctx, home);
    const csv = 'client_first_name,client_last_name,patient_name,patient_species\r\nIma,Import,Pip,Dog\r\n';
    const res = await manager.call(api.importClients, { body: { data: { locationId, csv } } });
    expect(res.statusCode, res.body).toBe(200);
    const [client] = ((await staff.call(api.listClients, { query: { locationId } })).json() as { items: api.ClientSummary[] }).items;
    const [patient] = ((await staff.call(api.listPatients, { query: { clientId: client!.id } })).json() as { items: api.Patient[] }).items;
    expect(await history('client', client!.id)).toMatchObject([
      { action: 'import', actor: { name: 'Mia User' }, changes: { firstName: { to: 'Ima' } } },
    ]);
    expect(await history('patient', patient!.id)).toMatchObject([{ action: 'import', changes: { name: { to: 'Pip' } } }]);
  });

  it('never shows another account’s history: their record is not found', async () => {
    const theirs = await newClient(other.admin, other.locationId);
    await other.admin.call(api.updateClient, { params: { id: theirs.id }, body: { data: { notes: 'secret' } } });
    const res = await staff.call(api.listAuditEvents, { query: { entityType: 'client', entityId: theirs.id } });
    expect(res.statusCode).toBe(404);
    expect(actions(await history('client', theirs.id, other.admin))).toEqual(['update', 'create']);
  });

  it('answers an empty history for a record of the account that has none, and keeps a deleted one’s', async () => {
    const scope = { accountId: home.accountId };
    const seeded = await clientsRepository.insert(ctx.database.db, scope, { locationId: home.locationId, firstName: 'Sid', lastName: 'Seeded' });
    expect(await history('client', seeded.id)).toEqual([]);
    const client = await newClient(staff, home.locationId);
    await remover.call(api.deleteClient, { params: { id: client.id } });
    expect(actions(await history('client', client.id))).toEqual(['delete', 'create']);
  });

  it('answers 404 for a type it keeps no history of, an inherited property name included', async () => {
    const client = await newClient(staff, home.locationId);
    for (const entityType of ['nothing', 'toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      const res = await staff.call(api.listAuditEvents, { query: { entityType, entityId: client.id } });
      expect(res.statusCode, entityType).toBe(404);
    }
  });

  it('answers 400 naming the field', async () => {
    const res = await staff.call(api.listAuditEvents, { query: { entityType: 'client', entityId: 'nope' } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('entityId: must be a valid id');
    const missing = await staff.call(api.listAuditEvents, { query: { entityId: home.accountId } });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toMatch(/^entityType: /);
  });
});

/** The server's source, tests left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the types history is kept of', () => {
  const registered = () => ctx.app.container.audit.recordTypes();

  it('are registered by the features that write them: every type the source writes is one', () => {
    const written = new Set(
      sourceFiles(fileURLToPath(new URL('../..', import.meta.url))).flatMap((path) =>
        [...readFileSync(path, 'utf8').matchAll(/entityType: '(\w+)'/g)].map((m) => m[1]!),
      ),
    );
    // The kits (the CRUD kit, the template kinds) write theirs without a literal here: they register them themselves.
    expect(written.size).toBeGreaterThan(20);
    expect([...written].filter((type) => !registered().includes(type))).toEqual([]);
  });

  it('each answers 404 for an id the account does not have, and the history of one it has', async () => {
    for (const entityType of registered()) {
      const unknown = await staff.call(api.listAuditEvents, { query: { entityType, entityId: randomUUID() } });
      expect(unknown.statusCode, entityType).toBe(404);
      // History outlives its record (a delete keeps it), so an id with history is known whatever the lookup says.
      const entityId = randomUUID();
      await auditRepository.insert(ctx.database.db, { accountId: home.accountId }, [
        { entityType, entityId, action: 'create', actorId: null, actorName: null, changes: {} },
      ]);
      expect(await history(entityType, entityId), entityType).toMatchObject([{ entityType, entityId, action: 'create', actor: null }]);
      const theirs = await other.admin.call(api.listAuditEvents, { query: { entityType, entityId } });
      expect(theirs.statusCode, entityType).toBe(404);
    }
  });

  it('refuse to write history of a type no feature registered, and a second lookup for a registered one', async () => {
    const audit = new AuditService(ctx.database.db, async () => null);
    audit.registerRecord('client', clientsRepository);
    audit.registerRecord('client', clientsRepository);
    expect(() => audit.registerRecord('client', { findById: async () => undefined })).toThrow(/already kept/);
    const scope = { accountId: home.accountId, userId: null };
    await expect(
      ctx.database.db.transaction((tx) => audit.record(tx, scope, [{ entityType: 'unregistered', entityId: randomUUID(), action: 'create' }])),
    ).rejects.toThrow(/no feature registered/);
  });
});
