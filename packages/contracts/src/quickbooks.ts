import { z } from 'zod';
import { IntegrationCheck } from './integrations.js';
import { anyOf, authenticated, operation, publicAccess } from './operation.js';
import { idField, wrapped } from './rules.js';

/**
 * The accounting integration (QuickBooks Online): a location's QuickBooks integration holds the
 * app's client id and secret; connecting it to a company goes through Intuit's OAuth 2 consent
 * (connect → Intuit → callback) and leaves the company's tokens sealed on the integration.
 */

export * from './quickbooks.constants.js';

/** What QuickBooks Online grants the portal: its accounting data (invoices, payments, customers). */
export const QUICKBOOKS_SCOPE = 'com.intuit.quickbooks.accounting';

/** The path Intuit sends the browser back to, under PUBLIC_URL. */
export const QUICKBOOKS_CALLBACK_PATH = '/api/quickbooks/callback';

export const QUICKBOOKS_MESSAGES = {
  noPublicUrl:
    'The portal’s public address (PUBLIC_URL) is not configured, so QuickBooks cannot be given an address to send you back to. Ask your administrator to set PUBLIC_URL.',
  stateInvalid: 'This QuickBooks connection link is not valid any more (it was used, it expired, or it was started by someone else). Please connect again.',
  cancelled: 'The QuickBooks connection was cancelled at Intuit.',
  missingCompany: 'QuickBooks did not say which company was connected. Please connect again.',
  missingCode: 'QuickBooks did not send an authorization code. Please connect again.',
  notConnected: 'QuickBooks is not connected to a company for this location. Connect it on the Quickbooks page.',
  signInAgain: 'Your session ended while connecting to QuickBooks. Please sign in and connect again.',
  connected: 'QuickBooks connected',
  disconnected: 'QuickBooks disconnected',
  reconnect: 'QuickBooks no longer accepts this connection (it was revoked, expired or used elsewhere). Please connect the company again.',
} as const;

export const QuickbooksEnvironment = z.enum(['production', 'sandbox']);

/**
 * A location's QuickBooks connection as staff see it: never a token.
 * - connected: a company is linked and its tokens are kept
 * - notConnected: the client id and secret are set, no company linked yet (or disconnected)
 * - needsReconnect: QuickBooks refused the kept tokens; connecting again restores it
 */
export const QuickbooksConnection = z.object({
  integrationId: z.string(),
  locationId: z.string(),
  locationName: z.string(),
  environment: QuickbooksEnvironment,
  status: z.enum(['connected', 'notConnected', 'needsReconnect']),
  /** the QuickBooks company id (realmId) */
  companyId: z.string().nullable(),
  /** read from QuickBooks on each look (the last known one when it cannot be read) */
  companyName: z.string().nullable(),
  connectedAt: z.string().nullable(),
  /** why the company could not be read just now, when it could not */
  problem: z.string().nullable(),
  lastCheck: IntegrationCheck.nullable(),
});
export type QuickbooksConnection = z.infer<typeof QuickbooksConnection>;

const LocationBody = wrapped(z.object({ locationId: idField() }));
const manage = anyOf('locations.manage');

export const listQuickbooksConnections = operation({
  method: 'GET',
  path: '/api/quickbooks',
  // What any staff member may know (no secret): which company each location books to. docs/decisions/0084
  access: authenticated,
  tag: 'quickbooks',
  summary: 'Each location’s QuickBooks connection: its state and the connected company',
  response: z.array(QuickbooksConnection),
});

export const connectQuickbooks = operation({
  method: 'POST',
  path: '/api/quickbooks/connect',
  access: manage,
  tag: 'quickbooks',
  summary: 'The Intuit address where a location’s QuickBooks company is connected (open it in the browser)',
  body: LocationBody,
  response: z.object({ url: z.string() }),
});

const callbackText = z.string().max(2000, 'must be at most 2000 characters').optional();
/**
 * Where Intuit sends the browser back. Public as a route: it is a top-level navigation, and any
 * refusal (no session, no permission, a wrong state) is answered by a redirect to /quickbooks that
 * says why, rather than a JSON error page. It checks the session itself, with the same rule as
 * connecting (docs/decisions/0083).
 */
export const quickbooksCallback = operation({
  method: 'GET',
  path: QUICKBOOKS_CALLBACK_PATH,
  access: publicAccess,
  tag: 'quickbooks',
  summary: 'Intuit’s OAuth 2 redirect: completes the connection, then redirects to /quickbooks',
  query: z.object({ code: callbackText, state: callbackText, realmId: callbackText, error: callbackText, error_description: callbackText }),
  response: z.unknown(),
});

export const disconnectQuickbooks = operation({
  method: 'POST',
  path: '/api/quickbooks/disconnect',
  access: manage,
  tag: 'quickbooks',
  summary: 'Revoke the connection at Intuit and forget the company’s tokens',
  body: LocationBody,
  response: QuickbooksConnection,
});
