import { lazy } from 'react';
import type { FeatureModule } from '../../app/feature-registry';

/**
 * Global search has no page: it is a shell extension, the dialog mounted once and the button
 * in the navigation. The dialog (and its Ctrl/Cmd+K listener) loads with the shell, right after
 * sign-in, in its own chunk: the sign-in page never downloads it.
 */
export const searchFeature: FeatureModule = {
  id: 'search',
  routes: [],
  shellExtensions: [
    {
      id: 'global-search',
      element: lazy(() => import('./global-search').then((m) => ({ default: m.GlobalSearch }))),
      // From the same chunk as the dialog: the button shows once Ctrl/Cmd+K works too.
      action: lazy(() => import('./global-search').then((m) => ({ default: m.GlobalSearchButton }))),
    },
  ],
};
