import { describe, expect, it } from 'vitest';
import type * as api from '@willow/contracts';
import type { SvgIconComponent } from '@mui/icons-material';
import type { MenuEntry } from './feature-registry';
import { quickbooksFeature } from '../features/quickbooks';
import { firstMenuPath, sortAccountsForSwitcher, visibleMenu } from './menu';

const icon = (() => null) as unknown as SvgIconComponent;
const entries: MenuEntry[] = [
  { section: 'Settings', label: 'Account', path: '/myAccount', icon, permissions: ['account.manage'], order: 10 },
  { section: 'Settings', label: 'Locations', path: '/locations', icon, permissions: ['system.switch_locations', 'locations.manage'], order: 20 },
  { section: 'Settings', label: 'Users', path: '/users', icon, order: 30 },
  { section: 'Personal', label: 'Logout', path: '/logout', icon, order: 100 },
  { section: 'Personal', label: 'Profile', path: '/profile', icon, order: 10 },
  { section: 'Super Admin', label: 'Accounts', path: '/accounts', icon, permissions: ['system.admin'], order: 10 },
  { section: 'Business', group: 'Analytics', label: 'Charts', path: '/analytics', icon, permissions: ['analytics.view'], order: 10 },
];
const labels = (permissions: string[]) =>
  visibleMenu(entries, { permissions, integrations: [] }).map((s) => [s.section, s.groups.flatMap((g) => g.entries.map((e) => e.label))]);

describe('visibleMenu', () => {
  it('shows entries without permissions to everyone and hides sections with nothing visible', () => {
    expect(labels([])).toEqual([
      ['Settings', ['Users']],
      ['Personal', ['Profile', 'Logout']],
    ]);
  });

  it('shows an entry when the user holds at least one of its permissions', () => {
    expect(labels(['locations.manage'])[0]).toEqual(['Settings', ['Locations', 'Users']]);
  });

  it('lets system.admin see everything, in section order', () => {
    expect(labels(['system.admin']).map(([s]) => s)).toEqual(['Business', 'Settings', 'Personal', 'Super Admin']);
  });

  it('honours an extra visibility rule', () => {
    const withRule: MenuEntry[] = [{ section: 'Business', label: 'Quickbooks', path: '/quickbooks', icon, order: 1, isVisible: () => false }];
    expect(visibleMenu(withRule, { permissions: ['system.admin'], integrations: [] })).toEqual([]);
  });

  it('lets an action entry depend on what the server has configured', () => {
    const help: MenuEntry[] = [
      { section: 'Help', label: 'Help Center', icon, order: 10, onSelect: () => {}, isVisible: ({ clientConfig }) => Boolean(clientConfig?.helpCenterUrl) },
    ];
    expect(visibleMenu(help, { permissions: [], integrations: [] })).toEqual([]);
    const none = { helpWidget: null, helpCenterUrl: null, analytics: null };
    expect(visibleMenu(help, { permissions: [], integrations: [], clientConfig: none })).toEqual([]);
    const shown = visibleMenu(help, { permissions: [], integrations: [], clientConfig: { ...none, helpCenterUrl: 'https://docs.example' } });
    expect(shown.map((s) => s.section)).toEqual(['Help']);
  });

  it('keeps sub-groups together', () => {
    const business = visibleMenu(entries, { permissions: ['analytics.view'], integrations: [] })[0];
    expect(business?.groups[0]?.title).toBe('Analytics');
  });
});

describe('Business › Quickbooks', () => {
  const menu = [...entries, ...quickbooksFeature.menu!];
  const business = (context: Parameters<typeof visibleMenu>[1]) =>
    visibleMenu(menu, context)
      .find((s) => s.section === 'Business')
      ?.groups.flatMap((g) => g.entries.map((e) => e.label)) ?? [];
  const at = (locationId: string, service: api.IntegrationService) => ({ locationId, service, working: true });

  it('shows only when a location of the account has the accounting integration, whatever the permissions', () => {
    expect(business({ permissions: ['system.admin'], integrations: [] })).not.toContain('Quickbooks');
    expect(business({ permissions: ['system.admin'], integrations: [at('l1', 'stripe'), at('l2', 'sendgrid')] })).not.toContain('Quickbooks');
    expect(business({ permissions: [], integrations: [at('l1', 'stripe'), at('l2', 'quickbooks')] })).toEqual(['Quickbooks']);
    expect(business({ permissions: ['analytics.view'], integrations: [at('l2', 'quickbooks')] })).toEqual(['Charts', 'Quickbooks']);
  });

  it('makes the Business section appear for it alone', () => {
    const sections = (integrations: api.LocationIntegration[]) =>
      visibleMenu(menu, { permissions: [], integrations }).map((s) => s.section);
    expect(sections([])).toEqual(['Settings', 'Personal']);
    expect(sections([at('l1', 'quickbooks')])).toEqual(['Business', 'Settings', 'Personal']);
  });
});

describe('firstMenuPath', () => {
  it('is the first visible entry and never Logout', () => {
    expect(firstMenuPath(visibleMenu(entries, { permissions: ['account.manage'], integrations: [] }))).toBe('/myAccount');
    const onlyPersonal = entries.filter((e) => e.section === 'Personal');
    expect(firstMenuPath(visibleMenu(onlyPersonal, { permissions: [], integrations: [] }))).toBe('/profile');
  });

  it('never leads to an action entry, which has no page', () => {
    const actionFirst: MenuEntry[] = [
      { section: 'Schedule', label: 'Help Center', icon, order: 1, onSelect: () => {} },
      { section: 'Personal', label: 'Profile', path: '/profile', icon, order: 10 },
    ];
    expect(firstMenuPath(visibleMenu(actionFirst, { permissions: [], integrations: [] }))).toBe('/profile');
  });
});

describe('sortAccountsForSwitcher', () => {
  it('orders premium, basic, free, then other tiers alphabetically, by name within a tier', () => {
    const accounts = [
      { name: 'Zeta Vets', subscriptionTier: 'free' },
      { name: 'alpha Clinic', subscriptionTier: 'basic' },
      { name: 'Oak Vets', subscriptionTier: 'enterprise' },
      { name: 'Birch Vets', subscriptionTier: 'premium' },
      { name: 'Acorn Vets', subscriptionTier: 'premium' },
      { name: 'Elm Vets', subscriptionTier: 'custom' },
      { name: 'Beta Clinic', subscriptionTier: 'basic' },
    ];
    expect(sortAccountsForSwitcher(accounts).map((a) => `${a.subscriptionTier}:${a.name}`)).toEqual([
      'premium:Acorn Vets',
      'premium:Birch Vets',
      'basic:alpha Clinic',
      'basic:Beta Clinic',
      'free:Zeta Vets',
      'custom:Elm Vets',
      'enterprise:Oak Vets',
    ]);
  });
});
