// axe-core in the browser tests: one way to run it, and the findings the tests refuse. The rules are
// axe-core's current release, given to @axe-core/playwright by package.json's overrides (README).
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * axe on the page as it is, run in the page itself (`setLegacyMode`): the default mode runs axe
 * in every frame and then again in a blank page it opens to gather the results, parsing axe's
 * half a megabyte of script two or three times an analysis. The portal's pages hold no
 * cross-origin frames, the one thing the default mode reaches and this one does not. The same
 * rules run: 34 analyses took 18.8 s instead of 38.1 s (docs/decisions/0103).
 */
export const axe = (page: Page): AxeBuilder => new AxeBuilder({ page }).setLegacyMode();

/** axe's serious and critical findings on what the page shows now (within `include`), one line per element. */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  // A toast fading in or out (e.g. a list's "Loading…") is half transparent for a moment; checked
  // then, its text reads as too faint. Wait until the toasts are gone (react-hot-toast's container:
  // a status that stays on the page, such as "Accepted by …", is not waited for). The pointer is
  // moved off first: react-hot-toast keeps every toast while the pointer rests on one, as a person's
  // would after a click where the toasts then appear (a phone's full-screen dialog's buttons).
  const viewport = page.viewportSize();
  await page.mouse.move(0, viewport ? viewport.height - 1 : 0);
  await expect.poll(() => page.locator('[data-rht-toaster] [role="status"]').count(), { timeout: 15_000 }).toBe(0);
  let builder = axe(page);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ') ?? v.help}`));
}
