// Product analytics: one page view per page a staff member opens, sent through the portal's own
// /ph proxy with PostHog's documented capture payload (decision 0081). An event names the page
// by its route template ('/clients/:id'), never by its address: no ids, no query (a search
// typed there), no title (a client's name): nothing of the practice's records leaves.
import type { ClientConfig } from '@willow/contracts';
import { matchRoutes } from 'react-router';

/** The route a path belongs to, as the router declares it; '(not found)' for an unknown path. */
export function routeTemplate(pathname: string, routePaths: readonly string[]): string {
  const matches = matchRoutes(
    routePaths.map((path) => ({ path })),
    pathname,
  );
  return matches?.at(-1)?.route.path ?? '(not found)';
}

export interface PageViewEvent {
  api_key: string;
  event: '$pageview';
  distinct_id: string;
  timestamp: string;
  properties: Record<string, string | boolean>;
}

export function pageViewEvent(analytics: NonNullable<ClientConfig['analytics']>, template: string, origin: string, now = new Date()): PageViewEvent {
  return {
    api_key: analytics.projectKey,
    event: '$pageview',
    distinct_id: analytics.distinctId,
    timestamp: now.toISOString(),
    properties: {
      $current_url: `${origin}${template}`,
      $pathname: template,
      $lib: 'willow-web',
      // events only: no person profile with properties of the staff member
      $process_person_profile: false,
    },
  };
}

/** Sends one event; analytics never bothers anyone, so a failure is dropped quietly. */
export async function capture(analytics: NonNullable<ClientConfig['analytics']>, event: PageViewEvent): Promise<void> {
  try {
    await fetch(`${analytics.path}/i/v0/e/`, {
      method: 'POST',
      // the proxy strips them anyway: the session cookie is not even offered
      credentials: 'omit',
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(event),
    });
  } catch {
    /* not captured */
  }
}
