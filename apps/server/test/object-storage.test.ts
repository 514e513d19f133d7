// The app with STORAGE_URL's S3-compatible store (decision 0249): documents, their downloads and
// deletions, a refused upload and a location's logo go through the object store, not the disk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { DOCUMENT_MESSAGES } from '@willow/contracts';
import { openS3Storage } from '../src/platform/s3-storage.js';
import { startFakeS3, type FakeS3 } from './fakes/fake-s3.js';
import { createAccount, createTestApp, createUser, errorOf, PDF_BYTES, uploadDocument, uploadTo, type Client, type TestAccount, type TestContext } from './harness.js';
import { tinyPng } from './images.js';
import { newClient, storageKeyOf } from './records.js';

let s3: FakeS3;
let ctx: TestContext;
let home: TestAccount;
let staff: Client;
beforeAll(async () => {
  s3 = await startFakeS3();
  ctx = await createTestApp({ storage: await openS3Storage(s3.settings('willow')) });
  home = await createAccount(ctx);
  staff = await createUser(ctx, home, []);
});
afterAll(async () => {
  await ctx?.close();
  await s3?.close();
});

const accountKeys = async () => (await s3.keys()).filter((k) => k.startsWith(`willow/${home.accountId}/`));

describe('stored files in S3-compatible storage', () => {
  it('a document is uploaded into the bucket, downloads byte for byte and is deleted from it', async () => {
    const owner = await newClient(staff, home.locationId);
    const bytes = Buffer.concat([PDF_BYTES, Buffer.alloc(300 * 1024, 9)]);
    const res = await uploadDocument(ctx, staff, { clientId: owner.id }, { name: 'consent.pdf', bytes });
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json() as api.Document;
    const key = await storageKeyOf(ctx, doc.id);
    expect(await s3.keys()).toContain(`willow/${key}`);

    const down = await staff.call(api.downloadDocument, { params: { id: doc.id } });
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(down.rawPayload.equals(bytes)).toBe(true);

    expect((await home.admin.call(api.deleteDocument, { params: { id: doc.id } })).statusCode).toBe(200);
    expect(await s3.keys()).not.toContain(`willow/${key}`);
    const gone = await staff.call(api.downloadDocument, { params: { id: doc.id } });
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone)).toBe(DOCUMENT_MESSAGES.notFound);
  });

  it('an upload refused after its bytes were sent (another part after the file) leaves nothing in the bucket', async () => {
    const owner = await newClient(staff, home.locationId);
    const before = await accountKeys();
    const B = 'WillowBoundary';
    const payload = Buffer.concat([
      Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="clientId"\r\n\r\n${owner.id}\r\n`),
      Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      PDF_BYTES,
      Buffer.from(`\r\n--${B}\r\nContent-Disposition: form-data; name="description"\r\n\r\nLate\r\n--${B}--\r\n`),
    ]);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/document', headers: { 'content-type': `multipart/form-data; boundary=${B}`, cookie: staff.cookie }, payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toBe(DOCUMENT_MESSAGES.fieldsFirst);
    expect(await accountKeys()).toEqual(before);
  });

  it('a location’s logo is kept in the bucket and served from it', async () => {
    const manager = await createUser(ctx, home, ['locations.manage']);
    const png = tinyPng(3, 2);
    const res = await uploadTo(ctx, manager, `/api/location/${home.locationId}/logo`, {}, { name: 'logo.png', bytes: png, type: 'image/png' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await accountKeys()).some((k) => k.startsWith(`willow/${home.accountId}/logos/`))).toBe(true);
    const got = await staff.call(api.getLocationLogo, { params: { id: home.locationId } });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(png)).toBe(true);
  });
});
