import { describe, expect, it } from 'vitest';
import { NO_OUTBOUND, parseOutboundSettings } from '../features/client-config/client-config.settings.js';
import { contentSecurityPolicy } from './content-security-policy.js';

const TODAY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; " +
  "connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

const parse = (csp: string) => new Map(csp.split('; ').map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)] as const));

/** What a configuration adds to the portal's own policy, directive by directive. */
function added(env: NodeJS.ProcessEnv): Record<string, string[]> {
  const base = parse(TODAY);
  const result: Record<string, string[]> = {};
  for (const [name, sources] of parse(contentSecurityPolicy(parseOutboundSettings(env)))) {
    const extra = sources.filter((s) => !(base.get(name) ?? []).includes(s));
    if (extra.length > 0) result[name] = extra;
  }
  return result;
}

const common = {
  'img-src': [
    'https://js.intercomcdn.com',
    'https://static.intercomassets.com',
    'https://downloads.intercomcdn.com',
    'https://uploads.intercomusercontent.com',
    'https://gifs.intercomcdn.com',
    'https://video-messages.intercomcdn.com',
    'https://messenger-apps.intercom.io',
  ],
  'font-src': ['https://js.intercomcdn.com', 'https://fonts.intercomcdn.com'],
  'media-src': ["'self'", 'https://js.intercomcdn.com'],
  'frame-src': ["'self'", 'https://intercom-sheets.com', 'https://www.intercom-reporting.com'],
};
const sharedConnect = ['https://api-ping.intercom.io', 'https://via.intercom.io'];
const messenger = ['https://*.intercom-messenger.com', 'wss://*.intercom-messenger.com'];

describe('the pages’ Content-Security-Policy', () => {
  it('is the portal alone when nothing is configured', () => {
    expect(contentSecurityPolicy(NO_OUTBOUND)).toBe(TODAY);
  });

  it('stays the portal alone with analytics and a documentation link: both need no origin of their own', () => {
    expect(
      contentSecurityPolicy(parseOutboundSettings({ ANALYTICS_HOST: 'https://us.i.posthog.com', ANALYTICS_KEY: 'phc_x', HELP_CENTER_URL: 'https://docs.example' })),
    ).toBe(TODAY);
  });

  it('adds exactly the Messenger’s US origins for a widget in region us (the default)', () => {
    expect(added({ HELP_WIDGET_APP_ID: 'abc' })).toEqual({
      'script-src': ['https://widget.intercom.io', 'https://js.intercomcdn.com'],
      'connect-src': [
        'https://api-iam.intercom.io',
        'https://api.intercom.io',
        ...sharedConnect,
        'https://nexus-websocket-a.intercom.io',
        'wss://nexus-websocket-a.intercom.io',
        'https://nexus-websocket-b.intercom.io',
        'wss://nexus-websocket-b.intercom.io',
        ...messenger,
        'https://uploads.intercomcdn.com',
        'https://uploads.intercomusercontent.com',
      ],
      ...common,
      'img-src': [...common['img-src'], 'https://uploads.intercomcdn.com'],
      'form-action': ['https://intercom.help', 'https://api-iam.intercom.io'],
    });
  });

  it('adds exactly the Messenger’s European origins for region eu', () => {
    expect(added({ HELP_WIDGET_APP_ID: 'abc', HELP_WIDGET_REGION: 'eu' })).toEqual({
      'script-src': ['https://widget.intercom.io', 'https://js.intercomcdn.com'],
      'connect-src': [
        'https://api-iam.eu.intercom.io',
        'https://api.eu.intercom.io',
        ...sharedConnect,
        'https://nexus-europe-websocket.intercom.io',
        'wss://nexus-europe-websocket.intercom.io',
        ...messenger,
        'https://uploads.intercomcdn.eu',
        'https://uploads.eu.intercomcdn.com',
        'https://uploads.intercomusercontent.com',
      ],
      ...common,
      'img-src': [...common['img-src'], 'https://uploads.intercomcdn.eu', 'https://uploads.eu.intercomcdn.com'],
      'form-action': ['https://intercom.help', 'https://api-iam.eu.intercom.io'],
    });
  });

  it('adds exactly the Messenger’s Australian origins for region ap', () => {
    expect(added({ HELP_WIDGET_APP_ID: 'abc', HELP_WIDGET_REGION: 'ap' })).toEqual({
      'script-src': ['https://widget.intercom.io', 'https://js.intercomcdn.com'],
      'connect-src': [
        'https://api-iam.au.intercom.io',
        'https://api.au.intercom.io',
        ...sharedConnect,
        'https://nexus-australia-websocket.intercom.io',
        'wss://nexus-australia-websocket.intercom.io',
        ...messenger,
        'https://uploads.au.intercomcdn.com',
        'https://uploads.intercomusercontent.com',
      ],
      ...common,
      'img-src': [...common['img-src'], 'https://uploads.au.intercomcdn.com'],
      'form-action': ['https://intercom.help', 'https://api-iam.au.intercom.io'],
    });
  });

  it('lets the widget’s script come from the configured origin instead of Intercom’s', () => {
    const csp = parse(contentSecurityPolicy(parseOutboundSettings({ HELP_WIDGET_APP_ID: 'abc', HELP_WIDGET_SCRIPT_ORIGIN: 'http://127.0.0.1:4010' })));
    expect(csp.get('script-src')).toEqual(["'self'", 'http://127.0.0.1:4010', 'https://js.intercomcdn.com']);
    // everything else the policy keeps as it was
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
  });
});
