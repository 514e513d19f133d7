import type { FeatureModule } from '../../app/feature-registry';
import { GlobalSearch, GlobalSearchButton } from './global-search';

/**
 * Global search has no page: it is a shell extension, the dialog mounted once and the button
 * in the navigation. Loaded with the shell (not lazily) so Ctrl/Cmd+K answers at once.
 */
export const searchFeature: FeatureModule = {
  id: 'search',
  routes: [],
  shellExtensions: [{ id: 'global-search', element: GlobalSearch, action: GlobalSearchButton }],
};
