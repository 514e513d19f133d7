import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { resolveSecret, TokenSigner } from './tokens.js';

const SECRET = 'a-secret-for-the-token-tests-of-32-chars-or-more';
const signer = new TokenSigner(SECRET);
const claims = { authenticatedUserId: randomUUID(), accountId: randomUUID(), jti: randomUUID() };
const inAnHour = () => new Date(Date.now() + 3600_000);
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('TokenSigner', () => {
  it('signs HS256 tokens whose claims verify', async () => {
    const expiresAt = inAnHour();
    const token = await signer.sign(claims, expiresAt);
    const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { alg: string };
    expect(header.alg).toBe('HS256');
    expect(await signer.verify(token)).toEqual({ ...claims, exp: Math.floor(expiresAt.getTime() / 1000) });
  });

  it('refuses a token with alg none', async () => {
    const token = await signer.sign(claims, inAnHour());
    const [, payload] = token.split('.');
    expect(await signer.verify(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`)).toBeNull();
  });

  it('refuses a token signed with another secret', async () => {
    const other = await new TokenSigner('another-secret-that-is-also-long-enough-1234').sign(claims, inAnHour());
    expect(await signer.verify(other)).toBeNull();
  });

  it('refuses another algorithm even with the right secret', async () => {
    const token = await new SignJWT({ authenticatedUserId: claims.authenticatedUserId, accountId: claims.accountId })
      .setProtectedHeader({ alg: 'HS512' })
      .setJti(claims.jti)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    expect(await signer.verify(token)).toBeNull();
  });

  it('refuses an expired token', async () => {
    expect(await signer.verify(await signer.sign(claims, new Date(Date.now() - 3600_000)))).toBeNull();
  });

  it('refuses garbage', async () => {
    expect(await signer.verify('not.a.token')).toBeNull();
    expect(await signer.verify('')).toBeNull();
  });

  it('leaves out claims of the wrong type', async () => {
    const token = await new SignJWT({ authenticatedUserId: 42 })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti(claims.jti)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    const verified = await signer.verify(token);
    expect(verified?.authenticatedUserId).toBeUndefined();
    expect(verified?.accountId).toBeUndefined();
    expect(verified?.jti).toBe(claims.jti);
  });

  it('refuses a secret shorter than 32 characters', () => {
    expect(() => new TokenSigner('short')).toThrow(/at least 32 characters/);
  });
});

describe('resolveSecret', () => {
  const dir = mkdtempSync(join(tmpdir(), 'willow-secret-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('uses the configured secret as given', () => {
    expect(resolveSecret('configured-secret', join(dir, 'unused'))).toBe('configured-secret');
  });

  it('generates a secret once, keeps it owner-readable only and reuses it', () => {
    const dataDir = join(dir, 'data');
    const first = resolveSecret(undefined, dataDir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = join(dataDir, 'jwt-secret');
    expect(readFileSync(file, 'utf8')).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveSecret(undefined, dataDir)).toBe(first);
    expect(resolveSecret('', dataDir)).toBe(first);
  });
});
