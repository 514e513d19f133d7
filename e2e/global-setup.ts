// Starts the production build on a free port with a fresh data folder and the demo seed, for
// every browser test file to use.
import type { TestProject } from 'vitest/node';
import { startServer } from './server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startServer({
    // The help widget stays unconfigured; the documentation link is a reserved name the
    // browser tests answer themselves (help-center.e2e.ts): nothing reaches the internet.
    HELP_CENTER_URL: 'https://help.willow.test/start',
  });
  project.provide('baseUrl', server.baseUrl);
  return () => server.stop();
}
