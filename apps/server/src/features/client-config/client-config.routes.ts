import { createHmac } from 'node:crypto';
import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import type { Router } from '../../platform/router.js';
import { HELP_WIDGET_API_BASE, type OutboundSettings } from './client-config.settings.js';

/**
 * Intercom's identity verification: the user hash proves the widget's user id was vouched for by
 * the portal, so nobody can read another staff member's conversations by sending their id.
 * The secret never leaves the server.
 */
export function helpWidgetUserHash(secret: string, userId: string): string {
  return createHmac('sha256', secret).update(userId).digest('hex');
}

/** GET /api/config/client: what the signed-in web app may load beside itself (decision 0078). */
export function clientConfigRoutes(settings: OutboundSettings) {
  return (r: Router, c: Container) => {
    r.route(api.getClientConfig, async ({ auth }) => {
      const { helpWidget, helpCenterUrl, analytics } = settings;
      let widget: api.HelpWidgetConfig | null = null;
      if (helpWidget) {
        const me = await c.profile.get(auth);
        widget = {
          appId: helpWidget.appId,
          region: helpWidget.region,
          apiBase: HELP_WIDGET_API_BASE[helpWidget.region],
          scriptUrl: `${helpWidget.scriptOrigin}/widget/${encodeURIComponent(helpWidget.appId)}`,
          // Who is asking, and nothing else about them or their practice.
          user: {
            id: auth.userId,
            name: `${me.firstName} ${me.lastName}`.trim(),
            email: me.email,
            ...(helpWidget.identitySecret && { userHash: helpWidgetUserHash(helpWidget.identitySecret, auth.userId) }),
          },
        };
      }
      return {
        helpWidget: widget,
        helpCenterUrl: helpCenterUrl ?? null,
        analytics: analytics ? { projectKey: analytics.projectKey, path: api.ANALYTICS_PATH, distinctId: auth.userId } : null,
      };
    });
  };
}
