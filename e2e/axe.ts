// axe-core in the browser tests: one way to run it, and the findings the tests refuse. The rules are
// axe-core's current release, given to @axe-core/playwright by package.json's overrides (README).
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * axe on the page as it is, run in the page itself (`setLegacyMode`): the default mode runs axe
 * in every frame and then again in a blank page it opens to gather the results, parsing axe's
 * half a megabyte of script two or three times an analysis. The portal's pages hold no
 * cross-origin frames, the one thing the default mode reaches and this one does not. The same
 * rules run: 34 analyses took 18.8 s instead of 38.1 s (docs/decisions/0103).
 * Only the violations are reported in full (`resultTypes`): axe otherwise names every element
 * that passed every rule, a selector worked out for each, which the tests never read. The rules
 * and the violations are the same; the accessibility test's CPU went from 57 to 44 CPU-seconds.
 */
export const axe = (page: Page): AxeBuilder => new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });

/** axe's serious and critical findings on what the page shows now (within `include`), one line per element. */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  // A toast fading in or out (e.g. a list's "Loading…") is half transparent for a moment; checked
  // then, its text reads as too faint. The toasts were never analysed (the check waited for them to
  // go), so their container is left out instead of waited on: react-hot-toast keeps every toast while
  // a pointer rests on one, which a phone's run could not be relied on to end.
  // Anything else still fading or sliding in (a dialog opening) would read the same way: wait for
  // the page's finite animations and transitions to end (spinners run for ever and are not waited on).
  await page.waitForFunction(
    () =>
      document.getAnimations().every((a) => {
        const timing = a.effect?.getComputedTiming();
        const target = a.effect instanceof KeyframeEffect ? a.effect.target : null;
        return a.playState !== 'running' || timing?.endTime === Infinity || (target instanceof Element && target.closest('[data-rht-toaster]') !== null);
      }),
  );
  let builder = axe(page).exclude('[data-rht-toaster]');
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ') ?? v.help}`));
}
