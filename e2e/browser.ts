// Debian's Chromium driven by playwright-core; never a downloaded browser.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Dialog, type Page } from 'playwright-core';
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

/**
 * Debian's Chromium as its headless shell (package chromium-headless-shell): the same Chromium
 * build as /usr/bin/chromium, in the old headless mode, without the browser's window and UI
 * layers; what Playwright itself runs for headless tests. The browser tests took 13% less CPU
 * with it, half of the browser process's (decision 0313). Where it is not installed,
 * /usr/bin/chromium runs them (its new headless mode); CHROMIUM_PATH names another.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export const CHROMIUM_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
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
  return withContextDefaults(await (shared ? chromium.connect(shared) : chromium.launch(CHROMIUM_OPTIONS)));
}

/**
 * Every context the tests open waits up to the one ceiling for an element, a navigation or an
 * answer: on a loaded machine a click's effect can take many seconds, and a short per-action
 * timeout failed tests that were right (decision 0234). And every context asks for reduced motion
 * unless its test says otherwise: the app then opens dialogs and menus at once (decision 0125), so
 * no test waits on, or draws, a transition. Set here once, not per file or per wait.
 */
function withContextDefaults(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext({ reducedMotion: 'reduce', ...options });
    context.setDefaultTimeout(WAIT_CEILING_MS);
    context.setDefaultNavigationTimeout(WAIT_CEILING_MS);
    return context;
  };
  return browser;
}

export const baseUrl = () => inject('baseUrl');
export const DEMO_PASSWORD = 'demo-password';

/** The desktop window the tests use unless they narrow it. */
export const DESKTOP = { width: 1366, height: 900 };

/** A new context and its page: for a test that needs a context of its own (see cleanTab), in a time zone of its own when given. */
export async function newPage(browser: Browser, viewport = DESKTOP, timezoneId?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport, ...(timezoneId && { timezoneId }) });
  const page = await context.newPage();
  return { context, page };
}

/**
 * The page's events a test may have listened to, removed before the next test. Not 'close' and
 * 'crash': playwright-core listens to those itself, to end its waits when the page goes.
 */
const TEST_EVENTS = [
  'console', 'dialog', 'domcontentloaded', 'download', 'filechooser', 'frameattached', 'framedetached', 'framenavigated',
  'load', 'pageerror', 'popup', 'request', 'requestfailed', 'requestfinished', 'response', 'websocket', 'worker',
] as const;

/** The worker's kept tab (see cleanTab), with the server it was opened for. */
let kept: { browser: Browser; context: BrowserContext; page: Page; baseUrl: string } | undefined;

/**
 * A tab for one test, as clean as a new context's, but kept by the worker from test to test and
 * file to file. A new context's first page costs the browser about 3 CPU-seconds, a new load in a
 * kept tab about 1.2 (its renderer, compiled scripts and HTTP cache are warm): two thirds of a
 * test's start (decision 0303). Between tests it is emptied of what a test leaves behind: other
 * pages, routes, listeners, cookies (so the session: the test signs in), the origin's local and
 * session storage, permissions, the window's size. Each test still loads the app afresh.
 *
 * For a test that needs what a context holds for good (a time zone, an init script) or two
 * people at once, newPage() gives a context of its own for the second one or for that test.
 */
export async function cleanTab(viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  if (!kept || kept.page.isClosed() || !kept.browser.isConnected() || kept.baseUrl !== baseUrl()) {
    await kept?.browser.close().catch(() => undefined);
    const browser = await launch();
    const context = await browser.newContext({ baseURL: baseUrl(), viewport });
    kept = { browser, context, page: await context.newPage(), baseUrl: baseUrl() };
  }
  const { context, page } = kept;
  for (const event of TEST_EVENTS) page.removeAllListeners(event);
  for (const other of context.pages()) if (other !== page) await other.close();
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.clearCookies();
  await context.clearPermissions();
  // A document of the origin without the app in it, so nothing writes the storage as it is
  // emptied; the last test's page may ask before it is left (unsaved changes): it is left.
  const leave = (dialog: Dialog) => void dialog.accept();
  page.on('dialog', leave);
  await page.goto('/favicon.svg');
  page.off('dialog', leave);
  await page.evaluate(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  await page.mouse.up();
  await page.setViewportSize(viewport);
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
