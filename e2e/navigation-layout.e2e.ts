// The layout and its constants: the permanent, collapsible drawer on large screens; the top bar
// and temporary drawer on small ones.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanTab, DESKTOP, launch } from './browser.ts';
import { startSignedIn } from './clinic.ts';
import { mainNav, navEntry, readSettings } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const NAV_WIDTH = 210;
const NAV_COLLAPSED_WIDTH = 68;
const CONTENT_MAX_WIDTH = 1440;
const TOP_BAR_HEIGHT = 50;

/** The drawer's paper: the navigation is its only child. */
const drawerPaper = (page: Page): Locator => mainNav(page).locator('xpath=..');

async function widthOf(locator: Locator): Promise<number | undefined> {
  return (await locator.boundingBox())?.width;
}

/** The width once the 0.25 s transition has settled: polled, never slept for. */
async function expectSettledWidth(locator: Locator, width: number) {
  await expect.poll(() => widthOf(locator)).toBe(width);
}

describe('navigation layout', () => {
  it('at 1366 px: a permanent 210 px drawer that collapses to 68 px, remembers it, and expands on hover', async () => {
    const { page } = await cleanTab(DESKTOP);
    await startSignedIn(page, 'owner@demo.test', '/profile');
    await mainNav(page).waitFor();
    const paper = drawerPaper(page);
    await expectSettledWidth(paper, NAV_WIDTH);
    const box = (await paper.boundingBox())!;
    expect(box.x).toBe(0);
    expect(box.height).toBe(900);
    // Large screens have no top bar.
    expect(await page.getByRole('button', { name: 'Menu', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Refresh', exact: true }).count()).toBe(0);
    // The content sits beside the drawer, not under it.
    expect((await page.getByRole('main').boundingBox())!.x).toBe(NAV_WIDTH);

    await page.getByRole('button', { name: 'Collapse navigation' }).click();
    await page.mouse.move(900, 450);
    await expectSettledWidth(paper, NAV_COLLAPSED_WIDTH);
    await expect.poll(async () => (await page.getByRole('main').boundingBox())?.x).toBe(NAV_COLLAPSED_WIDTH);
    expect(await page.getByRole('button', { name: 'Expand navigation' }).count()).toBe(1);
    // Collapsed entries keep their accessible name but show only the icon.
    expect((await navEntry(page, 'Settings', 'Users').innerText()).trim()).toBe('');
    const saved = await readSettings(page);
    expect(saved?.navCollapsed).toBe(true);
    expect(saved).not.toHaveProperty('navHidden');

    await page.reload();
    await mainNav(page).waitFor();
    await expectSettledWidth(drawerPaper(page), NAV_COLLAPSED_WIDTH);
    const reloaded = await readSettings(page);
    expect(reloaded?.navCollapsed).toBe(true);
    expect(reloaded).not.toHaveProperty('navHidden');

    // Hovering the collapsed drawer widens it over the content; leaving collapses it again.
    await page.mouse.move(30, 450);
    await expectSettledWidth(drawerPaper(page), NAV_WIDTH);
    expect((await navEntry(page, 'Settings', 'Users').innerText()).trim()).toBe('Users');
    expect((await page.getByRole('main').boundingBox())!.x).toBe(NAV_COLLAPSED_WIDTH);
    await page.mouse.move(900, 450);
    await expectSettledWidth(drawerPaper(page), NAV_COLLAPSED_WIDTH);
    expect((await readSettings(page))?.navCollapsed).toBe(true);

    // Expanding again is saved as well. As a user would: the hover widens the drawer (moving the
    // button to the drawer's right edge), then the button pins it open.
    await page.mouse.move(30, 450);
    await expectSettledWidth(drawerPaper(page), NAV_WIDTH);
    await page.getByRole('button', { name: 'Expand navigation' }).click();
    await expect.poll(async () => (await readSettings(page))?.navCollapsed).toBe(false);
    await page.mouse.move(900, 450);
    await expectSettledWidth(drawerPaper(page), NAV_WIDTH);
    expect((await readSettings(page))?.navCollapsed).toBe(false);
  });

  it('at 1920 px the content is at most 1440 px wide', async () => {
    const { page } = await cleanTab({ width: 1920, height: 1080 });
    await startSignedIn(page, 'owner@demo.test', '/users');
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await expectSettledWidth(drawerPaper(page), NAV_WIDTH);
    const main = page.getByRole('main');
    const content = main.locator('xpath=./*[1]');
    const mainBox = (await main.boundingBox())!;
    const contentBox = (await content.boundingBox())!;
    expect(mainBox.width).toBe(1920 - NAV_WIDTH);
    expect(contentBox.width).toBe(CONTENT_MAX_WIDTH);
    // Centred in the space beside the drawer.
    expect(Math.abs(contentBox.x - mainBox.x - (mainBox.width - CONTENT_MAX_WIDTH) / 2)).toBeLessThanOrEqual(1);
  });

  it('at 375 px: a 50 px top bar with Menu and Refresh, and a temporary drawer that closes on navigation', async () => {
    const { page } = await cleanTab({ width: 375, height: 812 });
    await startSignedIn(page, 'owner@demo.test', '/profile');
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    const topBar = page.getByRole('banner');
    await topBar.waitFor();
    const barBox = (await topBar.boundingBox())!;
    expect(barBox.height).toBe(TOP_BAR_HEIGHT);
    expect(barBox.y).toBe(0);
    expect(barBox.width).toBe(375);
    const menu = topBar.getByRole('button', { name: 'Menu', exact: true });
    const refresh = topBar.getByRole('button', { name: 'Refresh', exact: true });
    expect(await menu.isVisible()).toBe(true);
    expect(await refresh.isVisible()).toBe(true);
    // No permanent drawer: the navigation is hidden until Menu opens it, and the content starts at the left.
    await mainNav(page).waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: /navigation$/ }).count()).toBe(0);
    expect((await page.getByRole('main').boundingBox())!.x).toBe(0);

    // Refresh reloads the data in place.
    const reloaded = page.waitForResponse((res) => res.url().includes('/api/profile') && res.ok());
    await refresh.click();
    await reloaded;
    expect(new URL(page.url()).pathname).toBe('/profile');

    await menu.click();
    await mainNav(page).waitFor({ state: 'visible' });
    await expectSettledWidth(drawerPaper(page), NAV_WIDTH);
    await navEntry(page, 'Settings', 'Users').click();
    await page.waitForURL((url) => url.pathname === '/users');
    await mainNav(page).waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();

    await menu.click();
    await mainNav(page).waitFor({ state: 'visible' });
    await navEntry(page, 'Personal', 'Profile').click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await mainNav(page).waitFor({ state: 'hidden' });
  });
});
