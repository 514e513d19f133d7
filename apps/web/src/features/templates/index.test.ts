import { describe, expect, it } from 'vitest';
import { TEMPLATE_KIND_LABELS, TEMPLATE_ROUTES } from '@willow/contracts';
import { TEMPLATE_PAGES } from './index';

describe('the template pages in the menu', () => {
  it('are the contract\'s paths and labels', () => {
    for (const [kind, page] of Object.entries(TEMPLATE_PAGES))
      expect(page).toEqual({ path: TEMPLATE_ROUTES[kind as keyof typeof TEMPLATE_ROUTES], label: TEMPLATE_KIND_LABELS[kind as keyof typeof TEMPLATE_KIND_LABELS] });
  });
});
