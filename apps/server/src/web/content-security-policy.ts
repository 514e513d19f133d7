// Security-critical: the Content-Security-Policy of every page, derived from the configuration in
// this one place. It names the portal itself and, only when the help widget is configured, the
// origins Intercom documents for its Messenger in the widget's region (decision 0080). Analytics
// goes through the portal's own /ph, so it needs no origin here.
import type { HelpWidgetRegion } from '@willow/contracts';
import type { HelpWidgetSettings, OutboundSettings } from '../features/client-config/client-config.settings.js';
import { HELP_WIDGET_API_BASE } from '../features/client-config/client-config.settings.js';

type Directives = Record<string, string[]>;

/** The portal alone: what every page gets when nothing from outside is configured. */
function base(): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // emotion (MUI) injects style elements at run time
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

/** Intercom's regional hosts besides the API base: its API, its websockets, its uploads. */
const REGIONAL: Record<HelpWidgetRegion, { api: string; websockets: string[]; uploads: string[] }> = {
  us: {
    api: 'https://api.intercom.io',
    websockets: ['nexus-websocket-a.intercom.io', 'nexus-websocket-b.intercom.io'],
    uploads: ['https://uploads.intercomcdn.com'],
  },
  eu: {
    api: 'https://api.eu.intercom.io',
    websockets: ['nexus-europe-websocket.intercom.io'],
    uploads: ['https://uploads.intercomcdn.eu', 'https://uploads.eu.intercomcdn.com'],
  },
  ap: {
    api: 'https://api.au.intercom.io',
    websockets: ['nexus-australia-websocket.intercom.io'],
    uploads: ['https://uploads.au.intercomcdn.com'],
  },
};

/** What the Messenger loads, by directive (Intercom's "Using Intercom with Content Security Policy"). */
export function helpWidgetSources(widget: Pick<HelpWidgetSettings, 'region' | 'scriptOrigin'>): Directives {
  const region = REGIONAL[widget.region];
  const apiBase = HELP_WIDGET_API_BASE[widget.region];
  return {
    'script-src': [widget.scriptOrigin, 'https://js.intercomcdn.com'],
    'connect-src': [
      apiBase,
      region.api,
      'https://api-ping.intercom.io',
      'https://via.intercom.io',
      ...region.websockets.flatMap((host) => [`https://${host}`, `wss://${host}`]),
      'https://*.intercom-messenger.com',
      'wss://*.intercom-messenger.com',
      ...region.uploads,
      'https://uploads.intercomusercontent.com',
    ],
    'img-src': [
      'https://js.intercomcdn.com',
      'https://static.intercomassets.com',
      'https://downloads.intercomcdn.com',
      'https://uploads.intercomusercontent.com',
      'https://gifs.intercomcdn.com',
      'https://video-messages.intercomcdn.com',
      'https://messenger-apps.intercom.io',
      ...region.uploads,
    ],
    'font-src': ['https://js.intercomcdn.com', 'https://fonts.intercomcdn.com'],
    'media-src': ["'self'", 'https://js.intercomcdn.com'],
    // the Messenger's own apps (sheets, reports); embedded third-party video players are left out
    'frame-src': ["'self'", 'https://intercom-sheets.com', 'https://www.intercom-reporting.com'],
    'form-action': ['https://intercom.help', apiBase],
  };
}

export function contentSecurityPolicy(settings: Pick<OutboundSettings, 'helpWidget'>): string {
  const directives = base();
  if (settings.helpWidget) {
    for (const [name, sources] of Object.entries(helpWidgetSources(settings.helpWidget))) {
      directives[name] = [...new Set([...(directives[name] ?? []), ...sources])];
    }
  }
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
