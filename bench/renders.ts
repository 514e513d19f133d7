// How much React draws for what a person does most: a page load, a key typed into a list's search,
// a dialog opened on a list, a key typed into that dialog. The production build on the demo data
// (a fresh data folder, seeded at start), in Debian's Chromium headless shell, signed in as the
// demo's owner. Each step reports the components React rendered (counted by a commit hook in the
// page: every function or class component that did work in a commit) and the renderer main
// thread's time (Chromium's TaskDuration and ScriptDuration), medians of --runs.
//   npm run build && npm run bench:renders [-- --runs 5]
// The counts show what a change of the app's own structure saves whatever the machine's speed;
// the times say what it is worth on this machine (decisions 0323-0325).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { arg, startServer } from './load.js';

const RUNS = Math.max(1, Number(arg('runs', '5')));
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const EXECUTABLE = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

/**
 * Stands in for React DevTools' hook before the app loads: React calls it after each commit with
 * the root. A fiber did work in this commit when it is not the one the last commit left (React
 * reuses a subtree it skipped as it was) and carries PerformedWork (flag 1). Counted are function,
 * class, forwardRef and memo components (tags 0, 1, 11, 14, 15). Plain text, not a function of
 * this file: the TypeScript runner adds helpers to functions that the page does not have.
 */
const COUNTER = `(() => {
  let rendered = 0, commits = 0, previous = new WeakSet();
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), inject: () => 1, checkDCE() {},
    onScheduleFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, setStrictMode() {},
    onCommitFiberRoot(_id, root) {
      commits++;
      const seen = new WeakSet(), stack = [root.current];
      while (stack.length) {
        const fiber = stack.pop();
        seen.add(fiber);
        if (!previous.has(fiber) && fiber.flags & 1 && COMPONENT_TAGS.has(fiber.tag)) rendered++;
        if (fiber.child) stack.push(fiber.child);
        if (fiber.sibling) stack.push(fiber.sibling);
      }
      previous = seen;
    },
  };
  window.__takeRenders = () => { const taken = { rendered, commits }; rendered = 0; commits = 0; return taken; };
})();`;

interface Sample {
  rendered: number;
  commits: number;
  taskMs: number;
  scriptMs: number;
}

async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

/** Nothing in flight and nothing drawn for a moment: the step's effects are all in. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))));
}

/** `action`'s renders and main-thread time; a load (`load`) starts a new document, counting from nothing. */
async function measure(page: Page, cdp: CDPSession, action: () => Promise<void>, load = false): Promise<Sample> {
  if (!load) await page.evaluate(() => (window as unknown as { __takeRenders: () => unknown }).__takeRenders());
  const before = await metrics(cdp);
  await action();
  await settled(page);
  const after = await metrics(cdp);
  const { rendered, commits } = await page.evaluate(() => (window as unknown as { __takeRenders: () => { rendered: number; commits: number } }).__takeRenders());
  return { rendered, commits, taskMs: (after.TaskDuration! - before.TaskDuration!) * 1000, scriptMs: (after.ScriptDuration! - before.ScriptDuration!) * 1000 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const dataDir = mkdtempSync(join(tmpdir(), 'willow-renders-'));
const server = await startServer({ dataDir, seedDemo: true });
const browser = await chromium.launch({ executablePath: EXECUTABLE, args: CHROMIUM_FLAGS });
try {
  const results = new Map<string, Sample[]>();
  const record = (step: string, sample: Sample) => results.set(step, [...(results.get(step) ?? []), sample]);
  for (let run = 0; run <= RUNS; run++) {
    for (const width of [1440, 375]) {
      const context = await browser.newContext({ baseURL: server.base, viewport: { width, height: 900 }, reducedMotion: 'reduce' });
      await context.addInitScript(COUNTER);
      const signIn = await context.request.post('/api/auth/login', { data: { data: { email: 'owner@demo.test', password: 'demo-password' } } });
      if (!signIn.ok()) throw new Error(`sign in: ${signIn.status()}`);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      // The first loads fill the HTTP and code caches; run 0 is not counted.
      const keep = (step: string, sample: Sample) => run > 0 && record(`${step} at ${width} px`, sample);
      for (const path of ['/profile', '/clients', '/appointments']) {
        await page.goto('/favicon.svg');
        keep(`load ${path}`, await measure(page, cdp, async () => void (await page.goto(path)), true));
      }
      await page.goto('/clients');
      await settled(page);
      const search = page.getByRole('textbox', { name: 'Search clients' });
      await search.click();
      keep('type "smith" in the client search', await measure(page, cdp, () => page.keyboard.type('smith')));
      await page.goto('/appointments');
      await settled(page);
      keep('open New appointment on the list', await measure(page, cdp, () => page.getByRole('button', { name: 'New appointment' }).click()));
      await page.getByRole('textbox', { name: 'Notes' }).click();
      await settled(page);
      keep('type "hello" in its Notes', await measure(page, cdp, () => page.keyboard.type('hello')));
      await context.close();
    }
  }
  console.log(`React components rendered and the renderer's main thread, median of ${RUNS} (production build, demo data)\n`);
  console.log(`${'step'.padEnd(48)} ${'components'.padStart(10)} ${'commits'.padStart(8)} ${'task ms'.padStart(8)} ${'script ms'.padStart(9)}`);
  for (const [step, samples] of results) {
    const m = (key: keyof Sample) => median(samples.map((s) => s[key]));
    console.log(`${step.padEnd(48)} ${String(m('rendered')).padStart(10)} ${String(m('commits')).padStart(8)} ${m('taskMs').toFixed(0).padStart(8)} ${m('scriptMs').toFixed(0).padStart(9)}`);
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
