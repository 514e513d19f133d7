// Security-critical: the secrets the portal hands out in links and redirects (sign-in links, Google's
// state, form links). Each is 32 random bytes (43 base64url characters), and only its SHA-256 is
// stored: a leaked table opens nothing.

import { createHash, randomBytes } from 'node:crypto';

/** A new secret to give out: 32 random bytes, base64url. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** What is stored of a secret: its SHA-256, base64url. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('base64url');
