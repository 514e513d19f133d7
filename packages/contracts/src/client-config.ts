import { z } from 'zod';
import { authenticated, operation } from './operation.js';

/** Where the customer-messaging provider hosts a workspace (SPEC §9: us, eu, ap; default us). */
export const HELP_WIDGET_REGIONS = ['us', 'eu', 'ap'] as const;
export type HelpWidgetRegion = (typeof HELP_WIDGET_REGIONS)[number];

/** Where analytics events go: the portal's own reverse proxy, never the provider's host. */
export const ANALYTICS_PATH = '/ph' as const;

/**
 * The in-app help widget, ready to boot for the signed-in staff member: only what the widget
 * needs to know who is asking (id, name, email), and the identity proof when it is set up.
 */
export const HelpWidgetConfig = z.object({
  appId: z.string(),
  region: z.enum(HELP_WIDGET_REGIONS),
  /** the provider's API for the region (intercomSettings.api_base) */
  apiBase: z.string(),
  /** the widget's script, for the application id */
  scriptUrl: z.string(),
  user: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    /** HMAC-SHA256 of the user id with the identity secret, computed here (decision 0079) */
    userHash: z.string().optional(),
  }),
});
export type HelpWidgetConfig = z.infer<typeof HelpWidgetConfig>;

export const ClientConfig = z.object({
  /** null: no help widget configured (HELP_WIDGET_APP_ID) */
  helpWidget: HelpWidgetConfig.nullable(),
  /** the documentation, opened when the widget is not configured or does not load; null: none */
  helpCenterUrl: z.string().nullable(),
  /** null: analytics is off (ANALYTICS_HOST); otherwise the project key events carry */
  analytics: z.object({ projectKey: z.string(), path: z.literal(ANALYTICS_PATH), distinctId: z.string() }).nullable(),
});
export type ClientConfig = z.infer<typeof ClientConfig>;

export const getClientConfig = operation({
  method: 'GET',
  path: '/api/config/client',
  access: authenticated,
  tag: 'platform',
  summary: 'What the web app may load beside itself: the help widget, the documentation link, analytics',
  response: ClientConfig,
});
