// Every wait waits on its condition, with a ceiling only a real failure reaches (decision 0234).
import { vi } from 'vitest';
import { generousWaitFor } from '../../../test-support/wait-ceiling.js';

generousWaitFor();

// Passwords are hashed and checked by the real code with the real algorithm (argon2id), at the
// smallest cost it accepts instead of OWASP's 19 MiB and two passes: every account and user the
// suite makes signs in, and those hashes and checks were a quarter of the sign-in-heavy files' time
// (decision 0285). A check reads the cost from the hash it checks, so the product's verifyPassword
// runs unchanged; passwords.test.ts holds the product's own cost.
vi.mock('../src/platform/passwords.js', async (importActual) => {
  const actual = await importActual<typeof import('../src/platform/passwords.js')>();
  const { hash } = await import('@node-rs/argon2');
  const hashPassword = (password: string) => hash(password, { algorithm: 2, memoryCost: 8, timeCost: 1, parallelism: 1 });
  let dummy: Promise<string> | undefined;
  return { ...actual, hashPassword, dummyPasswordHash: () => (dummy ??= hashPassword('not-a-real-password-for-timing')) };
});
