import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEncryptionKey, resolveEncryptionKey, SecretBox, SecretBoxError } from './secret-box.js';

const key = randomBytes(32);
const box = new SecretBox(key);
const row = 'integration:acc-1:int-1';

describe('SecretBox', () => {
  it('opens what it sealed, and never seals the same text the same way twice', () => {
    const sealed = box.seal('SG.the-api-key', row);
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(sealed).not.toContain('the-api-key');
    expect(box.open(sealed, row)).toBe('SG.the-api-key');
    expect(box.seal('SG.the-api-key', row)).not.toBe(sealed);
    expect(box.open(box.seal('', row), row)).toBe('');
    expect(box.open(box.seal('ünïcødé ✓', row), row)).toBe('ünïcødé ✓');
  });

  it('refuses a ciphertext, IV or tag altered by one bit', () => {
    const sealed = box.seal('{"privateKey":"sk_test_123"}', row);
    const [v, iv, body, tag] = sealed.split('.') as [string, string, string, string];
    const flip = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0] = bytes[0]! ^ 1;
      return bytes.toString('base64url');
    };
    for (const altered of [[v, flip(iv), body, tag], [v, iv, flip(body), tag], [v, iv, body, flip(tag)], [v, iv, body], ['v2', iv, body, tag]]) {
      expect(() => box.open(altered.join('.'), row)).toThrow(SecretBoxError);
    }
    expect(() => box.open('not sealed at all', row)).toThrow(SecretBoxError);
  });

  it('refuses a ciphertext copied to another row', () => {
    const sealed = box.seal('secret', row);
    expect(() => box.open(sealed, 'integration:acc-1:int-2')).toThrow(SecretBoxError);
    expect(() => box.open(sealed, 'integration:acc-2:int-1')).toThrow(SecretBoxError);
  });

  it('refuses a ciphertext sealed under another key', () => {
    const sealed = new SecretBox(randomBytes(32)).seal('secret', row);
    expect(() => box.open(sealed, row)).toThrow(SecretBoxError);
  });

  it('takes only a 32-byte key', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});

describe('ENCRYPTION_KEY', () => {
  it('is 64 hex digits or base64 of 32 bytes', () => {
    expect(parseEncryptionKey(key.toString('hex'))).toEqual(key);
    expect(parseEncryptionKey(key.toString('base64'))).toEqual(key);
    expect(parseEncryptionKey(key.toString('base64url'))).toEqual(key);
  });

  it('refuses any other length with a clear message', () => {
    for (const wrong of [randomBytes(16).toString('base64'), randomBytes(31).toString('hex'), 'short', randomBytes(33).toString('base64')]) {
      expect(() => parseEncryptionKey(wrong), wrong).toThrow(/ENCRYPTION_KEY must be 32 bytes/);
    }
  });

  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('without one, a key is generated into the data folder once, readable by its owner only, and kept', () => {
    const dir = mkdtempSync(join(tmpdir(), 'willow-key-'));
    dirs.push(dir);
    const first = resolveEncryptionKey(undefined, dir);
    expect(first.length).toBe(32);
    expect(statSync(join(dir, 'encryption-key')).mode & 0o777).toBe(0o600);
    expect(resolveEncryptionKey(undefined, dir)).toEqual(first);
    expect(Buffer.from(readFileSync(join(dir, 'encryption-key'), 'utf8'), 'base64')).toEqual(first);
  });

  it('a configured key wins over the file, and a damaged file refuses to start', () => {
    const dir = mkdtempSync(join(tmpdir(), 'willow-key-'));
    dirs.push(dir);
    expect(resolveEncryptionKey(key.toString('hex'), dir)).toEqual(key);
    writeFileSync(join(dir, 'encryption-key'), 'truncated');
    expect(() => resolveEncryptionKey(undefined, dir)).toThrow(/ENCRYPTION_KEY must be 32 bytes/);
  });
});
