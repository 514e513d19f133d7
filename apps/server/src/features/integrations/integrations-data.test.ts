// The integrations' data layer as the features calling providers use it: credentials opened for
// them, sealed at rest, provider-issued secrets rotated without losing one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_MESSAGES } from '@willow/contracts';
import { createAccount, createTestApp, type TestAccount, type TestContext } from '../../../test/harness.js';
import { HttpError } from '../../platform/errors.js';
import { SecretBoxError } from '../../platform/secret-box.js';

let ctx: TestContext;
let practice: TestAccount;
let other: TestAccount;
beforeAll(async () => {
  ctx = await createTestApp();
  practice = await createAccount(ctx);
  other = await createAccount(ctx);
});
afterAll(() => ctx?.close());

const service = () => ctx.app.container.integrations;
const scope = () => ({ accountId: practice.accountId });
const rawRow = async (id: string) => {
  const [row] = await ctx.database.query<Record<string, unknown>>(`select * from integrations where id = '${id}'`);
  return row!;
};

describe('integration credentials', () => {
  it('are sealed at rest and opened only for the code calling the provider', async () => {
    const created = await service().create(scope(), {
      locationId: practice.locationId,
      service: 'stripe',
      publicKey: 'pk_test_public',
      privateKey: 'sk_test_very-secret-stripe-key',
      settings: {},
    });
    expect(created).toMatchObject({ service: 'stripe', publicKey: 'pk_test_public', privateKeySet: true });
    expect(JSON.stringify(created)).not.toContain('very-secret');
    expect(JSON.stringify(await rawRow(created.id))).not.toContain('very-secret');

    const credentials = await service().credentials(scope(), practice.locationId, 'stripe');
    expect(credentials).toMatchObject({ id: created.id, publicKey: 'pk_test_public', privateKey: 'sk_test_very-secret-stripe-key', secrets: {} });
    expect(await service().credentials(scope(), practice.locationId, 'sendgrid')).toBeUndefined();
    expect(await service().credentials({ accountId: other.accountId }, practice.locationId, 'stripe')).toBeUndefined();
  });

  it('a sealed secret copied to another row does not open', async () => {
    const a = await service().create(scope(), {
      locationId: practice.locationId,
      service: 'google',
      publicKey: 'client-a',
      privateKey: 'google-secret-a',
      settings: {},
    });
    const b = await service().create(scope(), {
      locationId: practice.locationId,
      service: 'quickbooks',
      publicKey: 'client-b',
      privateKey: 'qb-secret-b',
      settings: { environment: 'sandbox' },
    });
    await ctx.database.query(`update integrations set sealed_secrets = (select sealed_secrets from integrations where id = '${a.id}') where id = '${b.id}'`);
    await expect(service().credentials(scope(), practice.locationId, 'quickbooks')).rejects.toThrow(SecretBoxError);
  });

  it('provider-issued secrets rotate beside the private key, and two rotations at once both land', async () => {
    const created = await service().create(scope(), {
      locationId: practice.locationId,
      service: 'memorialPartner1',
      publicKey: 'user@partner.example',
      privateKey: 'partner-password',
      settings: { name: 'Rainbow Bridge', apiUrl: null },
    });
    await Promise.all([
      service().updateSecrets(scope(), created.id, { accessToken: 'access-1' }),
      service().updateSecrets(scope(), created.id, { refreshToken: 'refresh-1' }),
      service().updateSecrets(scope(), created.id, { other: 'other-1' }),
    ]);
    let credentials = await service().credentials(scope(), practice.locationId, 'memorialPartner1');
    expect(credentials?.privateKey).toBe('partner-password');
    expect(credentials?.secrets).toEqual({ accessToken: 'access-1', refreshToken: 'refresh-1', other: 'other-1' });
    await service().updateSecrets(scope(), created.id, { other: '' });
    credentials = await service().credentials(scope(), practice.locationId, 'memorialPartner1');
    expect(credentials?.secrets).toEqual({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    await expect(service().updateSecrets({ accountId: other.accountId }, created.id, { x: 'y' })).rejects.toMatchObject({ status: 404 });
  });

  it('records the last check, and a feature needing a missing integration hears that it is not set up', async () => {
    const credentials = await service().require(scope(), practice.locationId, 'stripe');
    const check = await service().recordCheck(scope(), credentials.id, { ok: false, message: 'Invalid API Key provided' });
    expect((await service().get(scope(), credentials.id)).lastCheck).toEqual(check);
    const missing = await service().require(scope(), practice.locationId, 'twilio').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(HttpError);
    expect(missing).toMatchObject({ status: 409, message: INTEGRATION_MESSAGES.notSetUp });
  });
});
