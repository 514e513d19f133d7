// Starts the production build on a free port with a fresh data folder and the demo seed, talking
// to local fakes of the providers (fake-providers.ts) instead of the real ones: one such server
// (with its own fakes) for each worker the browser tests run in, so two files running at the same
// time never share a server, a mailbox or the demo account's settings (worker-server.ts hands a
// worker its own).
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_OPTIONS } from './browser.ts';
import { startFakeProviders } from './fake-providers.ts';
import { seedDemoFolder, startServer } from './server-process.ts';

/** What a worker's test files reach: its server, its mail server and that mail server's mailbox. */
export interface E2eServer {
  baseUrl: string;
  /** the fake mail server's port (AUTH as FAKE_KEYS.smtp), for a location's SMTP settings */
  smtpPort: number;
  /** the mail server's messages over HTTP (mailbox.ts): GET /messages?to=<address> */
  mailboxUrl: string;
  /** the fake Twilio's texts over HTTP (texts.ts): GET /messages?to=<E.164> */
  textsUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    smtpPort: number;
    mailboxUrl: string;
    textsUrl: string;
    /** one per worker, in the order of VITEST_POOL_ID (1, 2, …) */
    e2eServers: E2eServer[];
    /** the run's one Chromium, which every file connects to (browser.ts launch()) */
    browserWsEndpoint: string;
  }
}

async function startOne() {
  // No browser test reaches a real provider: the server is pointed at local fakes (a mail server
  // for the portal's own mail and the locations' SMTP settings among them).
  const providers = await startFakeProviders();
  try {
    const server = await startServer((baseUrl) => ({
      // The help widget stays unconfigured; the documentation link is a reserved name the
      // browser tests answer themselves (help-center.e2e.ts): nothing reaches the internet.
      HELP_CENTER_URL: 'https://help.willow.test/start',
      PUBLIC_URL: baseUrl,
      MAIL_FROM: 'Willow <portal@willow.test>',
      ...providers.env,
    }));
    return {
      info: { baseUrl: server.baseUrl, smtpPort: providers.smtpPort, mailboxUrl: providers.mailboxUrl, textsUrl: providers.textsUrl } satisfies E2eServer,
      stop: async () => {
        await server.stop();
        await providers.close();
      },
    };
  } catch (error) {
    await providers.close();
    throw error;
  }
}

export default async function setup(project: TestProject) {
  const workers = Math.max(1, Number(project.globalConfig.maxWorkers) || 1);
  const running: { stop(): Promise<void> }[] = [];
  const stopAll = () => Promise.all(running.map((s) => s.stop()));
  const servers: E2eServer[] = [];
  try {
    // The browser starts while the demo is seeded: two processes, two cores.
    const [launched, seeded] = await Promise.allSettled([chromium.launchServer(CHROMIUM_OPTIONS), seedDemoFolder()]);
    if (launched.status === 'fulfilled') running.push({ stop: () => launched.value.close() });
    if (seeded.status === 'fulfilled') running.push({ stop: () => seeded.value.remove() });
    if (launched.status === 'rejected') throw launched.reason;
    if (seeded.status === 'rejected') throw seeded.reason;
    const browser = launched.value;
    const demo = seeded.value;
    project.provide('browserWsEndpoint', browser.wsEndpoint());
    // Every server of the run, here and in the files that start their own, copies the seeded demo
    // (server-process.ts); the workers inherit the environment. One after the other: starting
    // several at once on a loaded 2-core machine only makes each slower.
    process.env.E2E_DEMO_DATA_DIR = demo.dataDir;
    if (demo.database) process.env.E2E_DEMO_DATABASE = demo.database;
    for (let i = 0; i < workers; i++) {
      const one = await startOne();
      running.push(one);
      servers.push(one.info);
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
  project.provide('e2eServers', servers);
  // The first server under the single names too; worker-server.ts points them at the worker's own.
  project.provide('baseUrl', servers[0]!.baseUrl);
  project.provide('smtpPort', servers[0]!.smtpPort);
  project.provide('mailboxUrl', servers[0]!.mailboxUrl);
  project.provide('textsUrl', servers[0]!.textsUrl);
  return async () => {
    await stopAll();
  };
}
