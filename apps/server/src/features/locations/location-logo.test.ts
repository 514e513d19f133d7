// The letterhead logo of a location: upload (PNG or JPEG, at most 1 MB, type read from the bytes),
// read, replace, remove; managers only; another account's location is not found.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { LOCATION_LOGO_MAX_BYTES, LOCATION_MESSAGES } from '@willow/contracts';
import {
  createAccount,
  createTestApp,
  createUser,
  errorOf,
  PDF_BYTES,
  uploadTo,
  type Client,
  type TestAccount,
  type TestContext,
} from '../../../test/harness.js';
import { brokenImages, tinyJpeg, tinyPng } from '../../../test/images.js';
import { storedBytes } from '../../../test/records.js';
import { locations } from './locations.table.js';
import { eq } from 'drizzle-orm';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let manager: Client;
let frontDesk: Client;
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  manager = await createUser(ctx, home, ['locations.manage']);
  frontDesk = await createUser(ctx, home, []);
});
afterAll(() => ctx?.close());

const JPEG_BYTES = tinyJpeg(12, 6);
const uploadLogo = (caller: Client, locationId: string, file: { name?: string; bytes?: Buffer; type?: string }) =>
  uploadTo(ctx, caller, `/api/location/${locationId}/logo`, {}, file);
const logoKeyOf = async (locationId: string) =>
  (await ctx.database.db.select({ key: locations.logoStorageKey }).from(locations).where(eq(locations.id, locationId)))[0]?.key ?? null;

describe('location logo', () => {
  it('uploads a PNG, serves it as the image it is, replaces it with a JPEG and removes it', async () => {
    const png = tinyPng(3, 2);
    const res = await uploadLogo(manager, home.locationId, { name: 'logo.png', bytes: png, type: 'image/png' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as api.Location).hasLogo).toBe(true);
    const firstKey = await logoKeyOf(home.locationId);

    // any signed-in staff member reads it (it is printed on their documents)
    const got = await frontDesk.call(api.getLocationLogo, { params: { id: home.locationId } });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.rawPayload.equals(png)).toBe(true);
    expect((await manager.call(api.getLocation, { params: { id: home.locationId } })).json().hasLogo).toBe(true);

    // the file's claimed type and name are not believed: the bytes say JPEG
    const replaced = await uploadLogo(manager, home.locationId, { name: 'logo.png', bytes: JPEG_BYTES, type: 'image/png' });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const again = await frontDesk.call(api.getLocationLogo, { params: { id: home.locationId } });
    expect(again.headers['content-type']).toBe('image/jpeg');
    expect(again.rawPayload.equals(JPEG_BYTES)).toBe(true);
    // the replaced file is gone from storage
    expect(await storedBytes(ctx, firstKey!)).toBeUndefined();
    const secondKey = await logoKeyOf(home.locationId);

    const removed = await manager.call(api.removeLocationLogo, { params: { id: home.locationId } });
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as api.Location).hasLogo).toBe(false);
    expect(await storedBytes(ctx, secondKey!)).toBeUndefined();
    const none = await frontDesk.call(api.getLocationLogo, { params: { id: home.locationId } });
    expect(none.statusCode).toBe(404);
    expect(errorOf(none)).toBe(LOCATION_MESSAGES.noLogo);
    // removing again is harmless
    expect((await manager.call(api.removeLocationLogo, { params: { id: home.locationId } })).statusCode).toBe(200);
  });

  it('refuses what is not a PNG or JPEG (415) and a file over 1 MB (413), keeping the logo it had', async () => {
    const png = tinyPng();
    expect((await uploadLogo(manager, home.locationId, { name: 'logo.png', bytes: png, type: 'image/png' })).statusCode).toBe(200);

    const pdf = await uploadLogo(manager, home.locationId, { name: 'logo.png', bytes: PDF_BYTES, type: 'image/png' });
    expect(pdf.statusCode).toBe(415);
    expect(errorOf(pdf)).toBe(LOCATION_MESSAGES.logoBadType);

    const big = Buffer.concat([png, Buffer.alloc(LOCATION_LOGO_MAX_BYTES)]);
    const tooLarge = await uploadLogo(manager, home.locationId, { name: 'logo.png', bytes: big, type: 'image/png' });
    expect(tooLarge.statusCode).toBe(413);
    expect(errorOf(tooLarge)).toBe(LOCATION_MESSAGES.logoTooLarge);

    const kept = await frontDesk.call(api.getLocationLogo, { params: { id: home.locationId } });
    expect(kept.rawPayload.equals(png)).toBe(true);
  });

  it('refuses a file that starts like a PNG or JPEG but does not decode (400), keeping the logo it had', async () => {
    const png = tinyPng(5, 5);
    expect((await uploadLogo(manager, home.locationId, { name: 'logo.png', bytes: png, type: 'image/png' })).statusCode).toBe(200);
    for (const [what, bytes] of Object.entries(brokenImages())) {
      const res = await uploadLogo(manager, home.locationId, { name: 'logo.png', bytes, type: 'image/png' });
      expect(res.statusCode, what).toBe(400);
      expect(errorOf(res), what).toBe(LOCATION_MESSAGES.logoUnreadable);
    }
    const kept = await frontDesk.call(api.getLocationLogo, { params: { id: home.locationId } });
    expect(kept.rawPayload.equals(png)).toBe(true);
  });

  it('a body without a file is a 400 that says so', async () => {
    const res = await manager.call(api.uploadLocationLogo, { params: { id: home.locationId }, body: { data: {} } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(api.DOCUMENT_MESSAGES.missingFile);
  });

  it('only location managers change it', async () => {
    const res = await uploadLogo(frontDesk, home.locationId, { name: 'logo.png', bytes: tinyPng(), type: 'image/png' });
    expect(res.statusCode).toBe(403);
    expect((await frontDesk.call(api.removeLocationLogo, { params: { id: home.locationId } })).statusCode).toBe(403);
  });

  it("another account's location is not found, and its logo stays", async () => {
    const png = tinyPng(4, 4);
    expect((await uploadLogo(other.admin, other.locationId, { name: 'logo.png', bytes: png, type: 'image/png' })).statusCode).toBe(200);
    const upload = await uploadLogo(home.admin, other.locationId, { name: 'logo.png', bytes: tinyPng(), type: 'image/png' });
    expect(upload.statusCode).toBe(404);
    expect((await home.admin.call(api.getLocationLogo, { params: { id: other.locationId } })).statusCode).toBe(404);
    expect((await home.admin.call(api.removeLocationLogo, { params: { id: other.locationId } })).statusCode).toBe(404);
    const theirs = await other.admin.call(api.getLocationLogo, { params: { id: other.locationId } });
    expect(theirs.rawPayload.equals(png)).toBe(true);
  });
});
