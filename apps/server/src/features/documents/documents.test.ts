import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as api from '@willow/contracts';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES } from '@willow/contracts';
import {
  createAccount,
  createTestApp,
  createUser,
  errorOf,
  PDF_BYTES,
  uploadDocument,
  type Client,
  type TestAccount,
  type TestContext,
} from '../../../test/harness.js';
import { newClient, newContact, newPatient, storageKeyOf, storedBytes } from '../../../test/records.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let staff: Client & { userId: string };
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  staff = await createUser(ctx, home, [], { firstName: 'Uri' });
});
afterAll(() => ctx?.close());

const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR fake image body')]);

async function upload(fields: Record<string, string>, file: { name?: string; bytes?: Buffer; type?: string } = {}, caller: Client = staff) {
  const res = await uploadDocument(ctx, caller, fields, file);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.Document;
}
async function listDocuments(query: Record<string, string>, caller: Client = staff): Promise<api.Document[]> {
  const res = await caller.call(api.listDocuments, { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as api.Document[];
}
const download = (id: string, query?: Record<string, string>, caller: Client = staff) =>
  caller.call(api.downloadDocument, { params: { id }, ...(query && { query }) });

describe('POST /api/document', () => {
  it('stores the file for a client, patient and contact, and lists it newest first', async () => {
    const owner = await newClient(staff, home.locationId);
    const patient = await newPatient(staff, owner.id, home.speciesId);
    const contact = await newContact(staff);
    const first = await upload({ clientId: owner.id });
    const doc = await upload(
      { clientId: owner.id, patientId: patient.id, contactId: contact.id, description: 'Referral letter' },
      { name: 'Referral.pdf' },
    );
    expect(doc).toMatchObject({
      clientId: owner.id,
      patientId: patient.id,
      contactId: contact.id,
      fileName: 'Referral.pdf',
      contentType: 'application/pdf',
      sizeBytes: PDF_BYTES.length,
      description: 'Referral letter',
      uploadedBy: { id: staff.userId, name: 'Uri User' },
    });
    expect((await listDocuments({ clientId: owner.id })).map((d) => d.id)).toEqual([doc.id, first.id]);
    expect(await listDocuments({ patientId: patient.id })).toEqual([doc]);
    expect(await listDocuments({ contactId: contact.id })).toEqual([doc]);
  });

  it('takes the type from the bytes, never from the name or the browser', async () => {
    const owner = await newClient(staff, home.locationId);
    const png = await upload({ clientId: owner.id }, { name: 'scan.pdf', bytes: PNG_BYTES, type: 'application/pdf' });
    expect(png.contentType).toBe('image/png');
    const html = await uploadDocument(
      ctx,
      staff,
      { clientId: owner.id },
      { name: 'letter.pdf', bytes: Buffer.from('<html><script>alert(1)</script></html>'), type: 'application/pdf' },
    );
    expect(html.statusCode).toBe(415);
    expect(errorOf(html)).toBe(DOCUMENT_MESSAGES.badType);
    const empty = await uploadDocument(ctx, staff, { clientId: owner.id }, { name: 'empty.pdf', bytes: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(415);
    expect((await listDocuments({ clientId: owner.id })).map((d) => d.id)).toEqual([png.id]);
  });

  it('answers 413 with the size message for a file over 20 MB, keeping nothing', async () => {
    const owner = await newClient(staff, home.locationId);
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(DOCUMENT_MAX_BYTES)]);
    const res = await uploadDocument(ctx, staff, { clientId: owner.id }, { bytes: big });
    expect(res.statusCode).toBe(413);
    expect(errorOf(res)).toBe(DOCUMENT_MESSAGES.tooLarge);
    expect(await listDocuments({ clientId: owner.id })).toEqual([]);
  });

  it('keeps only a safe file name', async () => {
    const owner = await newClient(staff, home.locationId);
    const doc = await upload({ clientId: owner.id }, { name: '../../etc/Über café.pdf' });
    expect(doc.fileName).toBe('Über café.pdf');
  });

  it('answers 400 for a missing file or client, or a bad field', async () => {
    const owner = await newClient(staff, home.locationId);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/document',
      headers: { cookie: staff.cookie },
      payload: { data: { clientId: owner.id } },
    });
    expect(json.statusCode).toBe(400);
    expect(errorOf(json)).toBe(DOCUMENT_MESSAGES.missingFile);
    const noClient = await uploadDocument(ctx, staff, {});
    expect(noClient.statusCode).toBe(400);
    expect(errorOf(noClient)).toMatch(/^clientId: /);
    const badPatient = await uploadDocument(ctx, staff, { clientId: owner.id, patientId: 'nope' });
    expect(badPatient.statusCode).toBe(400);
    expect(errorOf(badPatient)).toBe('patientId: must be a valid id');
    expect(await listDocuments({ clientId: owner.id })).toEqual([]);
  });

  it('answers 400 for another client’s patient, or another account’s client, patient or contact', async () => {
    const owner = await newClient(staff, home.locationId);
    const neighbour = await newClient(staff, home.locationId);
    const theirPatient = await newPatient(staff, neighbour.id, home.speciesId);
    const foreignClient = await newClient(other.admin, other.locationId);
    const foreignPatient = await newPatient(other.admin, foreignClient.id, other.speciesId);
    const foreignContact = await newContact(other.admin);
    const cases: [Record<string, string>, string][] = [
      [{ clientId: owner.id, patientId: theirPatient.id }, "patientId: not one of this client's patients"],
      [{ clientId: owner.id, patientId: foreignPatient.id }, "patientId: not one of this client's patients"],
      [{ clientId: foreignClient.id }, 'clientId: unknown client'],
      [{ clientId: owner.id, contactId: foreignContact.id }, 'contactId: unknown contact'],
    ];
    for (const [fields, message] of cases) {
      const res = await uploadDocument(ctx, staff, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    expect(await listDocuments({ clientId: owner.id })).toEqual([]);
    expect(await listDocuments({ clientId: foreignClient.id }, other.admin)).toEqual([]);
  });
});

describe('a malformed upload', () => {
  const B = 'WillowBoundary';
  const field = (name: string, value: string) => Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const filePart = (name = 'file', bytes = PDF_BYTES) =>
    Buffer.concat([
      Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="${name}"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      bytes,
      Buffer.from('\r\n'),
    ]);
  const end = Buffer.from(`--${B}--\r\n`);
  const post = (payload: Buffer | string | Readable, contentType = `multipart/form-data; boundary=${B}`) =>
    ctx.app.inject({ method: 'POST', url: '/api/document', headers: { 'content-type': contentType, cookie: staff.cookie }, payload });
  /** every stored file of the home account: a refused upload leaves none behind */
  const storedFiles = () => {
    const root = (ctx.app.container.documents as unknown as { storage: { root: string } }).storage.root;
    const dir = join(root, home.accountId);
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  it('answers 4xx naming what is wrong, never 500, and keeps nothing', async () => {
    const owner = await newClient(staff, home.locationId);
    const id = field('clientId', owner.id);
    const before = storedFiles();
    const cases: [string, Promise<LightMyRequestResponse>, number, string][] = [
      ['no boundary', post(Buffer.concat([id, filePart(), end]), 'multipart/form-data'), 400, DOCUMENT_MESSAGES.malformed],
      ['another boundary', post(Buffer.concat([id, filePart(), end]), 'multipart/form-data; boundary=other'), 400, DOCUMENT_MESSAGES.malformed],
      ['cut off in a field', post(Buffer.concat([id, filePart()]).subarray(0, 60)), 400, DOCUMENT_MESSAGES.malformed],
      ['cut off in the file', post(Buffer.concat([id, filePart()])), 400, DOCUMENT_MESSAGES.malformed],
      // Whole before the service reads it: the break-off is met while storage is still getting ready.
      ['cut off in the file, 20 kB in', post(Buffer.concat([id, filePart('file', Buffer.concat([PDF_BYTES, Buffer.alloc(20 * 1024)]))])), 400, DOCUMENT_MESSAGES.malformed],
      ['not multipart at all', post('hello, this is not a form'), 400, DOCUMENT_MESSAGES.malformed],
      ['no file part', post(Buffer.concat([id, end])), 400, DOCUMENT_MESSAGES.missingFile],
      ['the file in another field', post(Buffer.concat([id, filePart('document'), end])), 400, DOCUMENT_MESSAGES.fileField],
      ['two files', post(Buffer.concat([id, filePart(), filePart(), end])), 413, DOCUMENT_MESSAGES.oneFile],
      ['a field after the file', post(Buffer.concat([id, filePart(), field('description', 'Late'), end])), 400, DOCUMENT_MESSAGES.fieldsFirst],
      ['too many fields', post(Buffer.concat([id, ...Array.from({ length: 12 }, (_, i) => field(`extra${i}`, 'x')), filePart(), end])), 413, DOCUMENT_MESSAGES.tooManyFields],
      ['a field twice', post(Buffer.concat([id, id, filePart(), end])), 400, 'clientId: sent more than once'],
      ['a field over the size a field may have', post(Buffer.concat([id, field('description', 'x'.repeat(5000)), filePart(), end])), 400, 'description: too long'],
    ];
    for (const [name, pending, status, message] of cases) {
      const res = await pending;
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.json(), name).toEqual({ error: { message } });
    }
    expect(await listDocuments({ clientId: owner.id })).toEqual([]);
    expect(storedFiles()).toEqual(before);
  });

  it('answers 400 for a body that breaks off while the file streams in, keeping nothing', async () => {
    const owner = await newClient(staff, home.locationId);
    const before = storedFiles();
    // The file's first bytes arrive, the service starts storing them (its file appears), then the request ends mid-file.
    const body = new PassThrough();
    const pending = post(body);
    body.write(Buffer.concat([field('clientId', owner.id), filePart('file', Buffer.concat([PDF_BYTES, Buffer.alloc(256 * 1024)])).subarray(0, 64 * 1024)]));
    await vi.waitFor(() => expect(storedFiles()).not.toEqual(before), { timeout: 30_000, interval: 5 });
    body.end(Buffer.alloc(1024));
    const res = await pending;
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toBe(DOCUMENT_MESSAGES.malformed);
    expect(await listDocuments({ clientId: owner.id })).toEqual([]);
    expect(storedFiles()).toEqual(before);
  });
});

describe('GET /api/document', () => {
  it('never lists another account’s documents', async () => {
    const theirs = await newClient(other.admin, other.locationId);
    await upload({ clientId: theirs.id }, {}, other.admin);
    // their client is not found, as their document is
    expect((await staff.call(api.listDocuments, { query: { clientId: theirs.id } })).statusCode).toBe(404);
  });
});

describe('GET /api/document/{id}/download', () => {
  it('answers the exact bytes as an attachment, or inline when asked', async () => {
    const owner = await newClient(staff, home.locationId);
    const doc = await upload({ clientId: owner.id }, { name: 'Résumé.pdf' });
    const res = await download(doc.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="R_sum_.pdf"; filename*=UTF-8''${encodeURIComponent('Résumé.pdf')}`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.equals(PDF_BYTES)).toBe(true);

    const inline = await download(doc.id, { inline: 'true' });
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="R_sum_.pdf"/);
    expect(inline.rawPayload.equals(PDF_BYTES)).toBe(true);
  });

  it('answers the documents message (404) for an unknown id or another account’s document', async () => {
    const theirs = await newClient(other.admin, other.locationId);
    const foreign = await upload({ clientId: theirs.id }, {}, other.admin);
    for (const id of [foreign.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await download(id);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toBe(DOCUMENT_MESSAGES.notFound);
    }
    expect((await download(foreign.id, undefined, other.admin)).statusCode).toBe(200);
  });
});

describe('POST /api/document/{id}', () => {
  it('changes the description, patient and file name, and the list and download show it', async () => {
    const owner = await newClient(staff, home.locationId);
    const patient = await newPatient(staff, owner.id, home.speciesId);
    const doc = await upload({ clientId: owner.id, description: 'Old' });
    const res = await staff.call(api.updateDocument, {
      params: { id: doc.id },
      body: { data: { description: 'Lab results', patientId: patient.id, fileName: 'Smith/Jones labs.pdf' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [listed] = await listDocuments({ clientId: owner.id });
    // A typed name is a name, not a path: its separator is made safe, nothing before it is lost.
    expect(listed).toEqual({ ...doc, description: 'Lab results', patientId: patient.id, fileName: 'Smith_Jones labs.pdf' });
    expect((await download(doc.id)).headers['content-disposition']).toMatch(/^attachment; filename="Smith_Jones labs.pdf"/);

    const detach = await staff.call(api.updateDocument, { params: { id: doc.id }, body: { data: { patientId: null } } });
    expect(detach.statusCode).toBe(200);
    expect((await listDocuments({ clientId: owner.id }))[0]).toMatchObject({ patientId: null, description: 'Lab results' });
  });

  it('answers 400 for another client’s patient, and the documents message for another account’s document', async () => {
    const owner = await newClient(staff, home.locationId);
    const neighbour = await newClient(staff, home.locationId);
    const theirPatient = await newPatient(staff, neighbour.id, home.speciesId);
    const doc = await upload({ clientId: owner.id });
    const res = await staff.call(api.updateDocument, { params: { id: doc.id }, body: { data: { patientId: theirPatient.id } } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe("patientId: not one of this client's patients");
    const empty = await staff.call(api.updateDocument, { params: { id: doc.id }, body: { data: { fileName: '' } } });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty)).toMatch(/^fileName: /);
    expect(await listDocuments({ clientId: owner.id })).toEqual([doc]);

    const foreign = await upload({ clientId: (await newClient(other.admin, other.locationId)).id }, {}, other.admin);
    const theirs = await staff.call(api.updateDocument, { params: { id: foreign.id }, body: { data: { description: 'mine now' } } });
    expect(theirs.statusCode).toBe(404);
    expect(errorOf(theirs)).toBe(DOCUMENT_MESSAGES.notFound);
  });
});

describe('DELETE /api/document/{id}', () => {
  it('deletes the document and its file, with records.delete only (Front Desk: 403)', async () => {
    const owner = await newClient(staff, home.locationId);
    const doc = await upload({ clientId: owner.id });
    const key = await storageKeyOf(ctx, doc.id);
    expect(await storedBytes(ctx, key)).toEqual(PDF_BYTES);
    const desk = await createUser(ctx, home, [], { role: 'Front Desk' });
    expect((await desk.call(api.deleteDocument, { params: { id: doc.id } })).statusCode).toBe(403);
    expect(await storedBytes(ctx, key)).toEqual(PDF_BYTES);
    const res = await home.admin.call(api.deleteDocument, { params: { id: doc.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await listDocuments({ clientId: owner.id })).toEqual([]);
    expect(await storedBytes(ctx, key)).toBeUndefined();
    const again = await download(doc.id);
    expect(again.statusCode).toBe(404);
    expect(errorOf(again)).toBe(DOCUMENT_MESSAGES.notFound);
  });

  it('answers the documents message for another account’s document, which stays', async () => {
    const foreign = await upload({ clientId: (await newClient(other.admin, other.locationId)).id }, {}, other.admin);
    const res = await home.admin.call(api.deleteDocument, { params: { id: foreign.id } });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toBe(DOCUMENT_MESSAGES.notFound);
    expect((await download(foreign.id, undefined, other.admin)).statusCode).toBe(200);
  });

  it('keeps a client with documents and their files: the client is archived, not deleted (409)', async () => {
    const owner = await newClient(staff, home.locationId);
    const doc = await upload({ clientId: owner.id });
    const key = await storageKeyOf(ctx, doc.id);
    const res = await home.admin.call(api.deleteClient, { params: { id: owner.id } });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe(api.CLIENT_HAS_HISTORY);
    expect(await storedBytes(ctx, key)).toEqual(PDF_BYTES);
    expect((await staff.call(api.archiveClient, { params: { id: owner.id } })).statusCode).toBe(200);
    expect((await listDocuments({ clientId: owner.id })).map((d) => d.id)).toEqual([doc.id]);
    expect(await storedBytes(ctx, key)).toEqual(PDF_BYTES);
  });
});
