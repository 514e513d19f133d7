// Starts the production build on a free port with a fresh data folder and the demo seed, for
// every browser test file to use, talking to local fakes of the providers (fake-providers.ts)
// instead of the real ones.
import type { TestProject } from 'vitest/node';
import { startFakeProviders } from './fake-providers.ts';
import { startServer } from './server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** the fake mail server's port (AUTH as FAKE_KEYS.smtp), for a location's SMTP settings */
    smtpPort: number;
    /** the mail server's messages over HTTP (mailbox.ts): GET /messages?to=<address> */
    mailboxUrl: string;
  }
}

export default async function setup(project: TestProject) {
  // No browser test reaches a real provider: the server is pointed at local fakes (a mail server
  // for the portal's own mail and the locations' SMTP settings among them).
  const providers = await startFakeProviders();
  const server = await startServer((baseUrl) => ({
    // The help widget stays unconfigured; the documentation link is a reserved name the
    // browser tests answer themselves (help-center.e2e.ts): nothing reaches the internet.
    HELP_CENTER_URL: 'https://help.willow.test/start',
    PUBLIC_URL: baseUrl,
    MAIL_FROM: 'Willow <portal@willow.test>',
    ...providers.env,
  }));
  project.provide('baseUrl', server.baseUrl);
  project.provide('smtpPort', providers.smtpPort);
  project.provide('mailboxUrl', providers.mailboxUrl);
  return async () => {
    await server.stop();
    await providers.close();
  };
}
