import { lazy } from 'react';
import HelpCenterOutlinedIcon from '@mui/icons-material/HelpCenterOutlined';
import type { FeatureModule } from '../../app/feature-registry';
import { openHelpCenter } from './help-center';

/**
 * Help › Help Center opens the in-app help widget, or the documentation link when the widget is
 * not configured or does not load (SPEC §2). The entry shows only when there is one of them.
 */
export const helpFeature: FeatureModule = {
  id: 'help',
  routes: [],
  menu: [
    {
      section: 'Help',
      label: 'Help Center',
      icon: HelpCenterOutlinedIcon,
      order: 10,
      onSelect: ({ clientConfig }) => void openHelpCenter(clientConfig?.helpCenterUrl ?? null),
      isVisible: ({ clientConfig }) => Boolean(clientConfig?.helpWidget || clientConfig?.helpCenterUrl),
    },
  ],
  shellExtensions: [{ id: 'help-widget', element: lazy(() => import('./help-widget').then((m) => ({ default: m.HelpWidget }))) }],
};
