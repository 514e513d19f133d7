import { describe, expect, it } from 'vitest';
import { buildRegistry } from './feature-registry';
import type { FeatureModule } from './feature-registry';

const Tab = () => null;

describe('buildRegistry', () => {
  it('gathers client and patient tabs and Account page sections sorted by order, and shell extensions in feature order', () => {
    const features: FeatureModule[] = [
      {
        id: 'a',
        routes: [],
        clientTabs: [{ id: 'history', label: 'History', order: 90, element: Tab }],
        patientTabs: [{ id: 'history', label: 'History', order: 90, element: Tab }],
        accountSections: [{ id: 'export', order: 20, element: Tab }],
        shellExtensions: [{ id: 'search', element: Tab, action: Tab }],
      },
      {
        id: 'b',
        routes: [],
        clientTabs: [{ id: 'patients', label: 'Patients', order: 10, element: Tab }],
        patientTabs: [{ id: 'vaccinations', label: 'Vaccinations', order: 20, element: Tab }],
        accountSections: [{ id: 'branding', order: 5, element: Tab }],
        shellExtensions: [{ id: 'help', element: Tab }],
      },
    ];
    const registry = buildRegistry(features);
    expect(registry.clientTabs.map((t) => t.id)).toEqual(['patients', 'history']);
    expect(registry.patientTabs.map((t) => t.id)).toEqual(['vaccinations', 'history']);
    expect(registry.accountSections.map((s) => s.id)).toEqual(['branding', 'export']);
    expect(registry.shellExtensions.map((e) => e.id)).toEqual(['search', 'help']);
  });
});

describe('the first load’s public routes', () => {
  it('are exactly the public routes the registered features declare', async () => {
    const [{ features }, { publicRoutes }] = await Promise.all([import('./features'), import('./public-routes')]);
    const declared = buildRegistry(features).routes.filter((r) => r.public);
    expect(publicRoutes.map((r) => r.path).sort()).toEqual(declared.map((r) => r.path).sort());
    // The same route objects: a public page is one lazy component, not two.
    for (const route of publicRoutes) expect(declared).toContain(route);
    expect(publicRoutes.every((r) => r.public)).toBe(true);
  });
});
