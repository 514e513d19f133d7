import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { ACCOUNT_ARCHIVE_MESSAGES } from '@willow/contracts';
import { parseCsv } from '../../platform/csv.js';
import { DiskStorage } from '../../platform/document-storage.js';
import { createAccount, createTestApp, createUser, errorOf, PDF_BYTES, uploadDocument, uploadTo, type TestAccount, type TestContext } from '../../../test/harness.js';
import { tinyPng } from '../../../test/images.js';
import { newClient, newPatient } from '../../../test/records.js';
import { lastMailTo, TEST_MAIL } from '../auth/sign-in.fixtures.js';
import { AccountArchiveService, ARCHIVE_LEASE_MS } from './account-archive.service.js';
import { accountArchivesRepository, archivedTables, tenantTables } from './account-archive.repository.js';
import { LEFT_OUT } from './archive-contents.js';
import { documentPath, logoPath } from './archive-writer.js';

let ctx: TestContext;
let practice: TestAccount;
let other: TestAccount;
const service = () => ctx.app.container.accountArchive;
const LOGO = tinyPng(4, 3);

beforeAll(async () => {
  ctx = await createTestApp({ mail: TEST_MAIL });
  practice = await createAccount(ctx, 'premium', 'Archive Practice');
  other = await createAccount(ctx, 'premium', 'Other Practice');
});
afterAll(() => ctx?.close());

/** Runs what the archive queue holds, as a worker does: one claim, its jobs run. */
async function work(source = service().source): Promise<number> {
  const jobs = await source.claim(5);
  for (const job of jobs) await job.run();
  return jobs.length;
}

async function unzip(bytes: Buffer) {
  const zip = await JSZip.loadAsync(bytes);
  const csv = async (name: string) => parseCsv((await zip.file(name)?.async('string')) ?? '');
  return { zip, csv };
}

describe('what an archive holds', () => {
  it('names every tenant table: archived or left out with its reason', () => {
    const archived = archivedTables().map((t) => t.name);
    for (const name of tenantTables().keys()) expect(archived.includes(name) || name in LEFT_OUT, name).toBe(true);
    expect(archived).toEqual(expect.arrayContaining(['clients', 'patients', 'appointments', 'invoices', 'invoice_items', 'payments', 'documents', 'form_submissions', 'items']));
    expect(archived).not.toContain('sessions');
    const headers = (name: string) => archivedTables().find((t) => t.name === name)!.columns.map((c) => c.header);
    expect(headers('users')).toEqual(expect.arrayContaining(['id', 'email', 'first_name', 'last_name', 'is_active']));
    expect(headers('users')).not.toContain('password_hash');
    expect(headers('users')).not.toContain('account_id');
    expect(headers('integrations')).toContain('service');
    expect(headers('integrations')).not.toContain('sealed_secrets');
    expect(headers('form_requests')).not.toContain('secret_hash');
    // Link tables are read by their own keys, past the account.
    expect(archivedTables().find((t) => t.name === 'user_roles')!.cursor.map((c) => c.key)).toEqual(['userId', 'roleId']);
  });
});

describe('a document in the archive', () => {
  it('sits in a folder of its id, its name safe on any file system', () => {
    expect(documentPath('d1', 'x-ray: left/right?.pdf')).toBe('documents/d1/x-ray_ left_right_.pdf');
    expect(documentPath('d1', '../../etc')).toBe('documents/d1/__.._etc');
    expect(documentPath('d1', '')).toBe('documents/d1/file');
  });

  it('and a location’s logo is named by the location, as the image it is', () => {
    expect(logoPath('l1', 'image/png')).toBe('logos/l1.png');
    expect(logoPath('l1', 'image/jpeg')).toBe('logos/l1.jpg');
  });
});

describe('POST /api/accountArchive, the worker, and the download', () => {
  it('makes the zip in the background: a CSV per table, guarded cells, the documents and logos; emails the link', async () => {
    const logo = await uploadTo(ctx, practice.admin, `/api/location/${practice.locationId}/logo`, {}, { name: 'logo.png', bytes: LOGO, type: 'image/png' });
    expect(logo.statusCode, logo.body).toBe(200);
    const client = await newClient(practice.admin, practice.locationId, { firstName: '=HYPERLINK("http://x.test")', lastName: 'Formula' });
    await newPatient(practice.admin, client.id, practice.speciesId, { name: 'Biscuit' });
    const uploaded = await uploadDocument(ctx, practice.admin, { clientId: client.id }, { name: 'x-ray.pdf', bytes: PDF_BYTES });
    expect(uploaded.statusCode).toBe(201);
    const document = uploaded.json() as { id: string };
    // Another account's records never enter this one's archive.
    await newClient(other.admin, other.locationId, { firstName: 'Elsewhere', lastName: 'Client' });

    const started = await practice.admin.call(api.startAccountArchive);
    expect(started.statusCode).toBe(202);
    const archive = started.json() as api.AccountArchive;
    expect(archive).toMatchObject({ status: 'preparing', done: 0, total: 0, expiresAt: null });
    // A second start answers the one being prepared.
    const again = await practice.admin.call(api.startAccountArchive);
    expect((again.json() as api.AccountArchive).id).toBe(archive.id);
    const early = await practice.admin.call(api.downloadAccountArchive, { params: { id: archive.id } });
    expect(early.statusCode).toBe(409);

    expect(await work()).toBe(1);
    const ready = (await practice.admin.call(api.getAccountArchive, { params: { id: archive.id } })).json() as api.AccountArchive;
    expect(ready.status).toBe('ready');
    expect(ready.total).toBeGreaterThan(3);
    expect(ready.done).toBe(ready.total);
    const days = (Date.parse(ready.expiresAt!) - Date.parse(ready.finishedAt!)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);

    const res = await practice.admin.call(api.downloadAccountArchive, { params: { id: archive.id } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="willow-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(Number(res.headers['content-length'])).toBe(ready.sizeBytes);
    const { zip, csv } = await unzip(res.rawPayload);
    expect(zip.file('README.txt')).not.toBeNull();
    expect(zip.file('sessions.csv')).toBeNull();

    const clients = await csv('clients.csv');
    const header = clients[0]!;
    expect(header).toEqual(expect.arrayContaining(['id', 'first_name', 'last_name', 'email']));
    expect(header).not.toContain('search_text');
    const rows = clients.slice(1).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
    expect(rows.map((r) => r.last_name)).toEqual(['Formula']);
    expect(rows[0]!.first_name).toBe(`'=HYPERLINK("http://x.test")`);
    const patients = await csv('patients.csv');
    expect(patients.slice(1).map((r) => r[patients[0]!.indexOf('name')])).toEqual(['Biscuit']);
    const users = await csv('users.csv');
    expect(users[0]).not.toContain('password_hash');
    expect(users.slice(1).length).toBeGreaterThan(0);

    const documents = await csv('documents.csv');
    const fileColumn = documents[0]!.indexOf('file');
    expect(documents[0]).not.toContain('storage_key');
    expect(documents[1]![fileColumn]).toBe(`documents/${document.id}/x-ray.pdf`);
    const stored = await zip.file(`documents/${document.id}/x-ray.pdf`)!.async('nodebuffer');
    expect(stored.equals(PDF_BYTES)).toBe(true);

    const locations = await csv('locations.csv');
    expect(locations[0]).not.toContain('logo_storage_key');
    const place = locations.slice(1).map((r) => Object.fromEntries(locations[0]!.map((h, i) => [h, r[i]])));
    expect(place.map((l) => [l.id, l.logo])).toEqual([[practice.locationId, `logos/${practice.locationId}.png`]]);
    const storedLogo = await zip.file(`logos/${practice.locationId}.png`)!.async('nodebuffer');
    expect(storedLogo.equals(LOGO)).toBe(true);
    expect(zip.file('missing-files.csv')).toBeNull();

    const mail = await lastMailTo(ctx, (await practice.admin.call(api.getProfile)).json().email as string);
    expect(mail.subject).toBe('Your data export is ready');
    expect(mail.body).toContain('http://portal.willow.test/myAccount');
    expect(mail.body).toContain("Archive Practice's data");
    expect(mail.body).not.toContain(archive.id);

    const list = (await practice.admin.call(api.listAccountArchives)).json() as api.AccountArchive[];
    expect(list.map((a) => a.id)).toContain(archive.id);
  });

  it('names a logo the storage no longer has in missing-files.csv, not silently left out', async () => {
    const account = await createAccount(ctx, 'premium', 'Missing Files Practice');
    const uploaded = await uploadTo(ctx, account.admin, `/api/location/${account.locationId}/logo`, {}, { name: 'logo.png', bytes: LOGO, type: 'image/png' });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const [row] = await ctx.database.query<{ logo_storage_key: string }>(`select logo_storage_key from locations where id = '${account.locationId}'`);
    const storage = (ctx.app.container.documents as unknown as { storage: DiskStorage }).storage;
    await storage.delete(row!.logo_storage_key);

    const { id } = (await account.admin.call(api.startAccountArchive)).json() as api.AccountArchive;
    await work();
    const archive = (await account.admin.call(api.getAccountArchive, { params: { id } })).json() as api.AccountArchive;
    expect(archive.status).toBe('ready');
    expect(archive.done).toBe(archive.total);
    const { zip, csv } = await unzip((await account.admin.call(api.downloadAccountArchive, { params: { id } })).rawPayload);
    expect(zip.file(`logos/${account.locationId}.png`)).toBeNull();
    expect(await csv('missing-files.csv')).toEqual([
      ['table', 'id', 'file'],
      ['locations', account.locationId, `logos/${account.locationId}.png`],
    ]);
  });

  it('refuses staff without account.manage (403) and another account’s archives (404)', async () => {
    const staff = await createUser(ctx, practice, ['users.manage']);
    for (const op of [api.startAccountArchive, api.listAccountArchives]) {
      const res = await staff.call(op);
      expect(res.statusCode).toBe(403);
    }
    const [mine] = (await practice.admin.call(api.listAccountArchives)).json() as api.AccountArchive[];
    expect((await staff.call(api.downloadAccountArchive, { params: { id: mine!.id } })).statusCode).toBe(403);
    for (const op of [api.getAccountArchive, api.downloadAccountArchive, api.deleteAccountArchive]) {
      const res = await other.admin.call(op, { params: { id: mine!.id } });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toBe(ACCOUNT_ARCHIVE_MESSAGES.notFound);
    }
    expect((await practice.admin.call(api.getAccountArchive, { params: { id: 'not-an-id' } })).statusCode).toBe(400);
  });

  it('expires after 7 days: the file removed, the download 410', async () => {
    const [mine] = (await practice.admin.call(api.listAccountArchives)).json() as api.AccountArchive[];
    expect(mine!.status).toBe('ready');
    const later = new Date(Date.parse(mine!.expiresAt!) + 60_000);
    expect(await service().expire(new Date(Date.parse(mine!.expiresAt!) - 60_000))).toBe(0);
    expect(await service().expire(later)).toBeGreaterThanOrEqual(1);
    const expired = (await practice.admin.call(api.getAccountArchive, { params: { id: mine!.id } })).json() as api.AccountArchive;
    expect(expired.status).toBe('expired');
    const res = await practice.admin.call(api.downloadAccountArchive, { params: { id: mine!.id } });
    expect(res.statusCode).toBe(410);
    expect(errorOf(res)).toBe(ACCOUNT_ARCHIVE_MESSAGES.expired);
    const [row] = await ctx.database.query<{ storage_key: string | null }>(`select storage_key from account_archives where id = '${mine!.id}'`);
    expect(row!.storage_key).toBeNull();
  });

  it('deletes an archive with its file', async () => {
    const { id } = (await practice.admin.call(api.startAccountArchive)).json() as api.AccountArchive;
    await work();
    const [row] = await ctx.database.query<{ storage_key: string }>(`select storage_key from account_archives where id = '${id}'`);
    const res = await practice.admin.call(api.deleteAccountArchive, { params: { id } });
    expect(res.statusCode).toBe(200);
    expect((await practice.admin.call(api.getAccountArchive, { params: { id } })).statusCode).toBe(404);
    const storage = (ctx.app.container.documents as unknown as { storage: DiskStorage }).storage;
    await expect(storage.get(row!.storage_key)).rejects.toThrow();
  });
});

describe('the archive queue', () => {
  it('makes one archive once with two workers, and a dead worker’s archive is taken over when its lease ends', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'willow-archives-'));
    try {
      const storage = new DiskStorage(dir);
      let clock = Date.now();
      const worker = () =>
        new AccountArchiveService(ctx.database.db, {
          storage,
          mail: ctx.app.container.productMail,
          appUrl: 'http://portal.willow.test',
          notice: accountArchivesRepository.notice,
          now: () => new Date(clock),
        });
      const [a, b] = [worker(), worker()];
      const account = await createAccount(ctx, 'premium', 'Queue Practice');
      const { id } = (await account.admin.call(api.startAccountArchive)).json() as api.AccountArchive;

      // Two workers claiming at once: one takes it.
      const [first, second] = await Promise.all([a.source.claim(5), b.source.claim(5)]);
      const mine = (rows: { run(): Promise<void> }[]) => rows.length;
      expect(mine(first) + mine(second)).toBe(1);
      const dead = first.length ? first : second;
      // Its worker dies before finishing; until the lease ends no one else takes it.
      expect(await b.source.claim(5)).toHaveLength(0);
      clock += ARCHIVE_LEASE_MS + 1_000;
      const taken = await b.source.claim(5);
      expect(taken).toHaveLength(1);
      await taken[0]!.run();
      // The dead worker coming back finds its hold gone: it writes nothing.
      await dead[0]!.run();
      const archive = (await account.admin.call(api.getAccountArchive, { params: { id } })).json() as api.AccountArchive;
      expect(archive.status).toBe('ready');
      expect(readdirSync(join(dir, 'archives', account.accountId))).toHaveLength(1);
      const [row] = await ctx.database.query<{ attempts: number }>(`select attempts from account_archives where id = '${id}'`);
      expect(row!.attempts).toBe(2);
      expect(await b.source.claim(5)).toHaveLength(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
