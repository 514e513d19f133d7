// The schedule and the appointments list on a phone (375 px wide): the month view's texts keep to
// their own day without running into each other, and the list's filters fold away so the list shows.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanTab, launch } from './browser.ts';
import { OWNER, startSignedIn } from './clinic.ts';

const PHONE = { width: 375, height: 812 };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('schedule on a phone', () => {
  it("keeps the month view's texts inside their days and apart", async () => {
    const { page } = await cleanTab(PHONE);
    await startSignedIn(page, OWNER, '/?view=month');
    await page.getByTestId('calendar').and(page.locator('[data-view="month"][data-ready="true"]')).waitFor();
    // The demo's month has slots, notes and appointments to draw.
    await page.locator('.wc-mcell-slots, [data-appointment-id]').first().waitFor();
    const problems = await page.evaluate(() => {
      const found: string[] = [];
      const leaves = (cell: Element) =>
        Array.from(cell.querySelectorAll('*')).filter((el) => el.childElementCount === 0 && !el.closest('svg') && (el.textContent ?? '').trim() !== '');
      // A text's box as drawn: its characters' range, cut by every box between it and its day that clips (an ellipsis).
      const box = (el: Element, cell: Element) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const r = range.getBoundingClientRect();
        let b = { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        for (let at: Element | null = el; at && at !== cell; at = at.parentElement) {
          const style = getComputedStyle(at);
          if (style.overflowX === 'visible') continue;
          const own = at.getBoundingClientRect();
          b = { left: Math.max(b.left, own.left), right: Math.min(b.right, own.right), top: b.top, bottom: Math.min(b.bottom, own.bottom) };
        }
        return b;
      };
      for (const cell of Array.from(document.querySelectorAll('.wc-mcell, .wc-month-weekday'))) {
        const c = cell.getBoundingClientRect();
        const boxes = leaves(cell).map((el) => ({ el, b: box(el, cell) })).filter(({ b }) => b.right > b.left);
        for (const { el, b } of boxes) {
          if (b.left < c.left - 0.5 || b.right > c.right + 0.5 || b.top < c.top - 0.5 || b.bottom > c.bottom + 0.5) found.push(`"${el.textContent}" runs out of ${(cell as HTMLElement).dataset.date ?? cell.textContent}`);
        }
        for (let i = 0; i < boxes.length; i++)
          for (let j = i + 1; j < boxes.length; j++) {
            const a = boxes[i]!.b;
            const b = boxes[j]!.b;
            const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
            if (overlap) found.push(`"${boxes[i]!.el.textContent}" overlaps "${boxes[j]!.el.textContent}"`);
          }
      }
      return found;
    });
    expect(problems).toEqual([]);
  });

  it('folds the appointments list filters away behind a Filters button, so the list shows', async () => {
    const { page } = await cleanTab(PHONE);
    await startSignedIn(page, OWNER, '/appointments');
    await page.getByRole('heading', { name: 'Appointments', level: 1 }).waitFor();
    const grid = page.getByRole('grid', { name: 'Appointments' });
    await grid.waitFor();
    // The list starts on the first screen; the filters are folded.
    const top = (await grid.boundingBox())!.y;
    expect(top).toBeLessThan(PHONE.height / 2);
    expect(await page.getByRole('combobox', { name: 'Status' }).isVisible()).toBe(false);
    const toggle = page.getByRole('button', { name: /^Filters/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await page.getByRole('combobox', { name: 'Status' }).waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    // The search stays at hand with the filters folded or not.
    await page.getByRole('textbox', { name: 'Search appointments' }).waitFor();
  });
});
