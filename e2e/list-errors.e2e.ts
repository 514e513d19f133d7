// A list the server failed to give says so and offers Retry; it never claims the list is empty.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@willow/contracts';
import { cleanTab, launch } from './browser.ts';
import { dataRows, ownerOn } from './clinic.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Makes the server answer 500 to GET `path` until the returned function is called. */
async function failing(page: Page, path: string): Promise<() => Promise<void>> {
  const matches = (url: URL) => url.pathname === path;
  await page.route(matches, (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { message: MESSAGES.serverError } }) })
      : route.fallback(),
  );
  return () => page.unroute(matches);
}

describe('lists that fail to load', () => {
  it('the client list shows the error with Retry, not "No clients yet", and Retry loads it', async () => {
    const { page } = await cleanTab();
    await ownerOn(page, '/profile', 'Profile');
    const recover = await failing(page, '/api/client');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Clients', exact: true }).click();
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    // Server errors are retried (3 times, with backoff) before the list gives up.
    const problem = page.getByRole('alert').filter({ hasText: 'Could not load clients' });
    await problem.waitFor();
    expect(await problem.innerText()).toContain(MESSAGES.serverError);
    expect(await page.getByText('No clients yet').count()).toBe(0);

    await recover();
    await problem.getByRole('button', { name: 'Retry' }).click();
    const grid = page.getByRole('grid', { name: 'Clients' });
    await expect.poll(() => dataRows(grid).count()).toBeGreaterThan(0);
    expect(await problem.count()).toBe(0);
  });
});
