// Every wait waits on its condition, with a ceiling only a real failure reaches (issue 34,
// decision 0234): the web tests run beside the server's on a busy machine, where a screen that
// appears after several requests and a re-render can take many seconds. findBy, waitFor,
// vi.waitFor and expect.poll still return the moment their condition holds.
import { configure } from '@testing-library/react';
import { vi } from 'vitest';
import { freshFile } from './fresh-file';

// Before anything of the file is imported: the file starts as in a fresh context (see fresh-file.ts).
freshFile();

const WAIT_CEILING_MS = 60_000;

configure({ asyncUtilTimeout: WAIT_CEILING_MS });

// vi.waitFor has no config of its own (expect.poll's default is in vitest.config.ts): its 1 s
// default is replaced here, once per module graph.
const generous = Symbol.for('willow.generousWaitFor');
type WaitFor = typeof vi.waitFor & { [generous]?: true };
if (!(vi.waitFor as WaitFor)[generous]) {
  const waitFor = vi.waitFor;
  const wrapped: WaitFor = (callback, options) =>
    waitFor(callback, typeof options === 'number' ? { timeout: options } : { timeout: WAIT_CEILING_MS, ...options });
  wrapped[generous] = true;
  vi.waitFor = wrapped;
}
