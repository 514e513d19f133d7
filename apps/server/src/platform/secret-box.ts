// Security-critical: encryption at rest of the secrets the product keeps for its integrations
// (API keys, passwords, OAuth tokens, webhook signing secrets). AES-256-GCM: a random 12-byte IV per
// sealing, the 16-byte tag checked on opening, and associated data naming the row the ciphertext
// belongs to, so a ciphertext copied into another row (another account's, another integration's)
// does not open. The text starts with a version, so the format can change and old rows still open.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const ENCRYPTION_KEY_BYTES = 32;

/** A sealed value that does not open: tampered with, moved to another row, or sealed under another key. */
export class SecretBoxError extends Error {
  constructor() {
    super('a sealed secret could not be opened (wrong key, wrong row or altered)');
    this.name = 'SecretBoxError';
  }
}

export class SecretBox {
  private readonly key: Buffer;

  constructor(key: Uint8Array) {
    if (key.length !== ENCRYPTION_KEY_BYTES) throw new Error(`the encryption key must be ${ENCRYPTION_KEY_BYTES} bytes, got ${key.length}`);
    this.key = Buffer.from(key);
  }

  /** `v1.<iv>.<ciphertext>.<tag>` (base64url), bound to `context` (e.g. `integration:<accountId>:<id>`). */
  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
  }

  /** The plaintext, or SecretBoxError when the value was altered, belongs to another row or another key. */
  open(sealed: string, context: string): string {
    const parts = sealed.split('.');
    if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretBoxError();
    const [, ivText, bodyText, tagText] = parts as [string, string, string, string];
    const iv = Buffer.from(ivText, 'base64url');
    const tag = Buffer.from(tagText, 'base64url');
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretBoxError();
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(Buffer.from(bodyText, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError();
    }
  }
}

/**
 * ENCRYPTION_KEY as 32 bytes: 64 hex digits or base64 (standard or url-safe) of 32 bytes. Anything
 * else refuses to start: a key silently cut or padded would seal secrets nobody can open later.
 */
export function parseEncryptionKey(text: string): Buffer {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) {
    const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === ENCRYPTION_KEY_BYTES) return bytes;
  }
  throw new Error(
    `ENCRYPTION_KEY must be ${ENCRYPTION_KEY_BYTES} bytes written as 64 hex digits or base64 (e.g. the output of \`openssl rand -base64 32\`)`,
  );
}

/**
 * ENCRYPTION_KEY, or a key generated once and kept (owner-readable only) in the data folder, like
 * the JWT secret. Losing it loses every stored integration secret: back it up with the data.
 */
export function resolveEncryptionKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured) return parseEncryptionKey(configured);
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'encryption-key');
  if (existsSync(file)) {
    try {
      return parseEncryptionKey(readFileSync(file, 'utf8'));
    } catch (err) {
      throw new Error(`${file} is damaged: ${(err as Error).message}`);
    }
  }
  const key = randomBytes(ENCRYPTION_KEY_BYTES);
  writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}
