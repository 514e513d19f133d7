// The product's own password hashing: the suite's setup hashes at the smallest cost to save time
// (decision 0285), so the cost a practice's passwords get is held here, on the real module.
import { describe, expect, it, vi } from 'vitest';

const real = await vi.importActual<typeof import('./passwords.js')>('./passwords.js');

describe('password hashing', () => {
  it('hashes with argon2id at the OWASP cost (19 MiB, two passes, one lane), salted', async () => {
    const first = await real.hashPassword('correct horse battery staple');
    const second = await real.hashPassword('correct horse battery staple');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(second).not.toBe(first);
  });

  it('accepts the password it hashed and refuses any other, and a hash that is not one', async () => {
    const hashed = await real.hashPassword('correct horse battery staple');
    expect(await real.verifyPassword(hashed, 'correct horse battery staple')).toBe(true);
    expect(await real.verifyPassword(hashed, 'correct horse battery stable')).toBe(false);
    expect(await real.verifyPassword('not a hash', 'correct horse battery staple')).toBe(false);
  });

  it('compares unknown emails against a hash of the same cost', async () => {
    expect(await real.dummyPasswordHash()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
