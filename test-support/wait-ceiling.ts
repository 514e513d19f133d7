// Every wait in the unit tests waits on its condition, with a ceiling only a real failure reaches:
// on a loaded machine a screen, a worker's poll or a second app's notice can take many seconds,
// and Vitest's 1 s default for vi.waitFor failed tests that were right (issue 34, decision 0234).
// expect.poll's default is set in each project's vitest.config.ts; vi.waitFor has no config, so
// each project's setup file calls this. Shared by the server's and the web's tests.
import { vi } from 'vitest';

export const WAIT_CEILING_MS = 60_000;

const generous = Symbol.for('willow.generousWaitFor');
type WaitFor = typeof vi.waitFor & { [generous]?: true };

/** Gives vi.waitFor the ceiling as its default timeout; an explicit timeout still wins. Once per module graph. */
export function generousWaitFor(): void {
  // Without isolation a setup file runs again in the same worker for every test file: wrap once.
  if ((vi.waitFor as WaitFor)[generous]) return;
  const waitFor = vi.waitFor;
  const wrapped: WaitFor = (callback, options) =>
    waitFor(callback, typeof options === 'number' ? { timeout: options } : { timeout: WAIT_CEILING_MS, ...options });
  wrapped[generous] = true;
  vi.waitFor = wrapped;
}
