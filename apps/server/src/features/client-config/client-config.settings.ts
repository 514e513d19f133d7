// What the web app may load from outside the portal, read once from the environment: the help
// widget (Intercom's Messenger), the documentation link, and product analytics (PostHog, through
// the portal's /ph proxy). The Content-Security-Policy is derived from these (web/content-security-policy.ts).
import { HELP_WIDGET_REGIONS, type HelpWidgetRegion } from '@willow/contracts';

export interface HelpWidgetSettings {
  appId: string;
  region: HelpWidgetRegion;
  /** identity verification: the user hash is HMAC-SHA256(user id) with this secret (decision 0079) */
  identitySecret: string | undefined;
  /** where the widget's script comes from: Intercom's, or a fake in the browser tests */
  scriptOrigin: string;
}

export interface AnalyticsSettings {
  /** the analytics ingestion origin, e.g. https://us.i.posthog.com */
  host: string;
  /** the origin of its static assets, e.g. https://us-assets.i.posthog.com */
  assetsHost: string;
  /** the project's public key (PostHog's phc_…), carried by every event */
  projectKey: string;
}

export interface OutboundSettings {
  helpWidget: HelpWidgetSettings | undefined;
  helpCenterUrl: string | undefined;
  analytics: AnalyticsSettings | undefined;
}

export const NO_OUTBOUND: OutboundSettings = { helpWidget: undefined, helpCenterUrl: undefined, analytics: undefined };

export const HELP_WIDGET_SCRIPT_ORIGIN = 'https://widget.intercom.io';

/** Intercom's Messenger API for each hosting region (intercomSettings.api_base). */
export const HELP_WIDGET_API_BASE: Record<HelpWidgetRegion, string> = {
  us: 'https://api-iam.intercom.io',
  eu: 'https://api-iam.eu.intercom.io',
  ap: 'https://api-iam.au.intercom.io',
};

/** PostHog Cloud keeps its static files on a host of their own beside each ingestion host. */
const POSTHOG_ASSETS: Record<string, string> = {
  'https://us.i.posthog.com': 'https://us-assets.i.posthog.com',
  'https://eu.i.posthog.com': 'https://eu-assets.i.posthog.com',
};

/** An http(s) origin and nothing else (no path, query, credentials): what a proxy may be aimed at. */
function origin(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http(s) origin such as https://example.com, not ${value}`);
  }
  const bare = (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash && !url.username && !url.password;
  if (!['http:', 'https:'].includes(url.protocol) || !bare) {
    throw new Error(`${name} must be an http(s) origin such as https://example.com, not ${value}`);
  }
  return url.origin;
}

function link(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http(s) address, not ${value}`);
  }
  if (!['http:', 'https:'].includes(url.protocol)) throw new Error(`${name} must be an http(s) address, not ${value}`);
  return url.href;
}

export function parseOutboundSettings(env: NodeJS.ProcessEnv): OutboundSettings {
  const region = (env.HELP_WIDGET_REGION || 'us').trim().toLowerCase();
  if (!(HELP_WIDGET_REGIONS as readonly string[]).includes(region)) {
    throw new Error(`HELP_WIDGET_REGION must be one of ${HELP_WIDGET_REGIONS.join(', ')} (default us), not ${env.HELP_WIDGET_REGION}`);
  }
  const appId = env.HELP_WIDGET_APP_ID?.trim();
  // It goes into the script's address: letters and digits only, as the provider issues them.
  if (appId && !/^[A-Za-z0-9]{1,64}$/.test(appId)) throw new Error(`HELP_WIDGET_APP_ID must be letters and digits, not ${appId}`);
  const helpWidget: HelpWidgetSettings | undefined = appId
    ? {
        appId,
        region: region as HelpWidgetRegion,
        identitySecret: env.HELP_WIDGET_IDENTITY_SECRET || undefined,
        scriptOrigin: env.HELP_WIDGET_SCRIPT_ORIGIN ? origin('HELP_WIDGET_SCRIPT_ORIGIN', env.HELP_WIDGET_SCRIPT_ORIGIN) : HELP_WIDGET_SCRIPT_ORIGIN,
      }
    : undefined;

  const helpCenterUrl = env.HELP_CENTER_URL ? link('HELP_CENTER_URL', env.HELP_CENTER_URL) : undefined;

  let analytics: AnalyticsSettings | undefined;
  if (env.ANALYTICS_HOST) {
    const host = origin('ANALYTICS_HOST', env.ANALYTICS_HOST);
    const projectKey = env.ANALYTICS_KEY?.trim();
    if (!projectKey) throw new Error('ANALYTICS_KEY (the project key) must be set with ANALYTICS_HOST');
    const assetsHost = env.ANALYTICS_ASSETS_HOST ? origin('ANALYTICS_ASSETS_HOST', env.ANALYTICS_ASSETS_HOST) : (POSTHOG_ASSETS[host] ?? host);
    analytics = { host, assetsHost, projectKey };
  } else if (env.ANALYTICS_KEY) {
    throw new Error('ANALYTICS_KEY is set but ANALYTICS_HOST is not: set both to turn analytics on, or neither');
  }
  return { helpWidget, helpCenterUrl, analytics };
}
