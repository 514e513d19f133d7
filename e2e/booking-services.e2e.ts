// The public booking page offers the visits an owner can book, with their prices in the practice's
// currency; cremation and aftercare (arranged at the visit) are not offered on their own.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanTab, launch, newPage } from './browser.ts';
import { apiSignIn, locationNamed, OWNER, RIVERSIDE } from './clinic.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('the booking page’s services', () => {
  it('offers visit services only, each with its price in dollars', async () => {
    const staff = await newPage(browser);
    const owner = await cleanTab();
    try {
      // Staff only ask the API for the location's id: no page of theirs is needed.
      await apiSignIn(staff.context, OWNER);
      const riverside = await locationNamed(staff.context, RIVERSIDE);

      await owner.page.goto(`/book/${riverside.id}`);
      const form = owner.page.getByRole('form', { name: 'Request a visit' });
      await form.getByRole('radio', { name: /^Home euthanasia\s*Euthanasia · 1 h 30 min · \$\d+\.\d{2}$/ }).waitFor();
      const offered = (await form.getByRole('radio').evaluateAll((radios) => radios.map((r) => r.closest('label')?.textContent ?? ''))).join('\n');
      for (const afterVisit of ['Private cremation', 'Communal cremation', 'Ashes home delivery']) expect(offered).not.toContain(afterVisit);
      expect(offered).toContain('Wellness exam');
    } finally {
      await staff.context.close();
    }
  });
});
