// The family's side of a card payment: the link in the email, and paying on the fake Stripe's
// checkout page with the test card, typed as a person types it.
import type { Page } from 'playwright-core';

/** The Checkout link a payment request's email or text carries. */
export function paymentLinkIn(text: string): string {
  const link = /https?:\/\/\S+\/checkout\/cs_test_[0-9a-f]+/.exec(text)?.[0];
  if (!link) throw new Error(`no payment link in: ${text}`);
  return link;
}

/** Opens the link, checks the amount shown, pays with the test card and waits for our thank-you page. */
export async function payAtStripe(page: Page, link: string, amount: string): Promise<void> {
  await page.goto(link);
  await page.getByTestId('amount').filter({ hasText: amount }).waitFor();
  await page.getByRole('textbox', { name: 'Card number' }).click();
  await page.keyboard.type('4242 4242 4242 4242');
  await page.getByRole('textbox', { name: 'Expiry' }).click();
  await page.keyboard.type('12 / 34');
  await page.getByRole('textbox', { name: 'CVC' }).click();
  await page.keyboard.type('123');
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL((url) => url.pathname === '/pay/thank-you');
}
