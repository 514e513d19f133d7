import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { firstRouteFiles, RESPONSE_HEADER_BYTES, transferredKiB, type BudgetChunk } from './first-route-budget.plugin';

const chunk = (fileName: string, imports: string[], extra: Partial<BudgetChunk> = {}): BudgetChunk => ({
  fileName,
  code: `export const name = ${JSON.stringify(fileName)};`,
  isEntry: false,
  moduleIds: [`/app/src/${fileName.replace('.js', '.ts')}`],
  imports,
  ...extra,
});

describe('the first route budget', () => {
  const entry = chunk('index.js', ['react.js', 'shared.js'], { isEntry: true });
  const login = chunk('login.js', ['shared.js', 'button.js'], { moduleIds: ['/app/src/features/auth/login-page.tsx'] });
  const chunks = [
    entry,
    chunk('react.js', []),
    chunk('shared.js', ['react.js']),
    chunk('button.js', ['shared.js']),
    login,
    // Only imported lazily (a page behind the session): not part of the first load.
    chunk('schedule.js', ['zod.js']),
    chunk('zod.js', []),
  ];

  it('counts the entry and the sign-in page with what they import statically, each once', () => {
    expect(firstRouteFiles(chunks).map((c) => c.fileName).sort()).toEqual(['button.js', 'index.js', 'login.js', 'react.js', 'shared.js']);
  });

  it('counts a chunk the entry starts importing statically', () => {
    const grown = chunks.map((c) => (c === entry ? { ...entry, imports: [...entry.imports, 'zod.js'] } : c));
    expect(firstRouteFiles(grown).map((c) => c.fileName)).toContain('zod.js');
  });

  it('measures what goes over the wire: incompressible code weighs its size, repetitive code little', () => {
    const noise = { ...chunk('noise.js', []), code: randomBytes(20 * 1024).toString('base64') };
    expect(transferredKiB([noise])).toBeGreaterThan(20);
    const repeated = { ...chunk('repeated.js', []), code: 'a'.repeat(100 * 1024) };
    expect(transferredKiB([repeated])).toBeLessThan(1);
    // Every file is a request of its own: its headers count.
    expect(transferredKiB([repeated, repeated])).toBeCloseTo(2 * transferredKiB([repeated]), 5);
    expect(transferredKiB([])).toBe(0);
    expect(transferredKiB([repeated]) * 1024).toBeGreaterThan(RESPONSE_HEADER_BYTES);
  });

  it('refuses a build without the sign-in page rather than measuring nothing', () => {
    expect(() => firstRouteFiles(chunks.filter((c) => c !== login))).toThrow(/not in the build/);
  });
});
