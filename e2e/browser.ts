// Debian's Chromium driven by playwright-core; never a downloaded browser.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { WAIT_CEILING_MS } from '../test-support/wait-ceiling.ts';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  // V8's optimizing compiler works in the background for pages a test keeps a few seconds: the
  // browser tests took about 15% less of the renderer's CPU without it (docs/decisions/0103).
  '--js-flags=--no-opt',
];

export const CHROMIUM_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_FLAGS,
  headless: true,
};

/**
 * The run's one Chromium (started by global-setup.ts), reached over its connection: starting a
 * browser for every file cost about two seconds each. A file's own contexts are closed when it
 * closes its connection. Without the shared one (a file run on its own by other means), its own.
 */
export async function launch(): Promise<Browser> {
  const shared = inject('browserWsEndpoint');
  return withWaitCeiling(await (shared ? chromium.connect(shared) : chromium.launch(CHROMIUM_OPTIONS)));
}

/**
 * Every context the tests open waits up to the one ceiling for an element, a navigation or an
 * answer: on a loaded machine a click's effect can take many seconds, and a short per-action
 * timeout failed tests that were right (decision 0234). Set here once, not per file or per wait.
 */
function withWaitCeiling(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(WAIT_CEILING_MS);
    context.setDefaultNavigationTimeout(WAIT_CEILING_MS);
    return context;
  };
  return browser;
}

export const baseUrl = () => inject('baseUrl');
export const DEMO_PASSWORD = 'demo-password';

export async function newPage(browser: Browser, viewport = { width: 1366, height: 900 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  return { context, page };
}

/** Signs in through the login form and waits for the shell. */
export async function signIn(page: Page, email: string, returnTo = '/') {
  await page.goto(returnTo);
  await page.waitForURL(/\/login/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}
