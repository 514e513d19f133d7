// Security-critical: these calls carry a QuickBooks integration's client secret and a company's
// tokens to Intuit. Nothing thrown or returned from here holds a secret: Intuit's answers are
// reduced to their error code and description, with every secret cut out (`withoutSecrets`).
import { QUICKBOOKS_SCOPE } from '@willow/contracts';
import { basicAuthorization, type Providers } from '../../platform/providers.js';
import { withoutSecrets } from '../integrations/index.js';

/**
 * QuickBooks Online through Intuit's documented OAuth 2 and Accounting HTTP APIs. (The intuit-oauth
 * SDK keeps its endpoints as process-wide statics and one token per client object: this portal
 * serves many companies from stateless app servers and points the endpoints at fakes in tests.)
 * https://developer.intuit.com/app/developer/qbo/docs/develop/authentication-and-authorization/oauth-2.0
 */

const TIMEOUT_MS = 15_000;

export interface QuickbooksApp {
  clientId: string;
  clientSecret: string;
}

/** What Intuit's token endpoint answers: both tokens and how long each lasts. */
export interface QuickbooksTokens {
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresAt: Date;
  refreshTokenExpiresAt: Date | null;
}

/**
 * Intuit said no (`code` is the OAuth error: invalid_grant, invalid_client, …) or could not be
 * reached (`code` 'unreachable'). `message` is free of secrets and fit to show.
 */
export class QuickbooksError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'QuickbooksError';
  }
}

const basic = (app: QuickbooksApp) => basicAuthorization(app.clientId, app.clientSecret);

async function call(url: string, init: RequestInit, secrets: readonly string[]): Promise<{ status: number; body: Record<string, unknown> }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'manual' });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name;
    throw new QuickbooksError('unreachable', `QuickBooks could not be reached (${cause === 'TimeoutError' ? 'no answer in time' : cause}). Please try again later.`, 0);
  }
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = {};
  }
  if (res.status >= 200 && res.status < 300) return { status: res.status, body };
  const fault = (body.Fault as { Error?: { Message?: string; Detail?: string }[] } | undefined)?.Error?.[0];
  const code = typeof body.error === 'string' ? body.error : fault ? 'fault' : `http_${res.status}`;
  const said =
    (typeof body.error_description === 'string' && body.error_description) ||
    (fault && [fault.Message, fault.Detail].filter(Boolean).join(': ')) ||
    (typeof body.error === 'string' && body.error) ||
    `it answered ${res.status}`;
  throw new QuickbooksError(code, withoutSecrets(`QuickBooks said: ${said}`, secrets), res.status);
}

function tokensOf(body: Record<string, unknown>, now: Date): QuickbooksTokens {
  const { access_token, refresh_token, expires_in, x_refresh_token_expires_in } = body;
  if (typeof access_token !== 'string' || typeof refresh_token !== 'string') {
    throw new QuickbooksError('invalid_response', 'QuickBooks answered without tokens.', 200);
  }
  const seconds = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : fallback);
  return {
    accessToken: access_token,
    refreshToken: refresh_token,
    accessTokenExpiresAt: new Date(now.getTime() + seconds(expires_in, 3600) * 1000),
    refreshTokenExpiresAt: typeof x_refresh_token_expires_in === 'number' ? new Date(now.getTime() + x_refresh_token_expires_in * 1000) : null,
  };
}

export class QuickbooksClient {
  constructor(private readonly providers: Providers) {}

  /** Intuit's consent page for this app, asking for the accounting scope. */
  authorizeUrl(app: QuickbooksApp, redirectUri: string, state: string): string {
    const query = new URLSearchParams({ client_id: app.clientId, response_type: 'code', scope: QUICKBOOKS_SCOPE, redirect_uri: redirectUri, state });
    return `${this.providers.quickbooksAuthorize}/connect/oauth2?${query}`;
  }

  private async token(app: QuickbooksApp, form: Record<string, string>, secrets: string[], now: Date): Promise<QuickbooksTokens> {
    const { body } = await call(
      `${this.providers.quickbooksOauth}/oauth2/v1/tokens/bearer`,
      {
        method: 'POST',
        headers: { authorization: basic(app), accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form),
      },
      [app.clientSecret, ...secrets],
    );
    return tokensOf(body, now);
  }

  /** The authorization code Intuit sent back, exchanged for the company's tokens. */
  exchangeCode(app: QuickbooksApp, code: string, redirectUri: string, now = new Date()): Promise<QuickbooksTokens> {
    return this.token(app, { grant_type: 'authorization_code', code, redirect_uri: redirectUri }, [code], now);
  }

  /** New tokens for a refresh token; Intuit may answer a new refresh token, which replaces the old one. */
  refresh(app: QuickbooksApp, refreshToken: string, now = new Date()): Promise<QuickbooksTokens> {
    return this.token(app, { grant_type: 'refresh_token', refresh_token: refreshToken }, [refreshToken], now);
  }

  /** Ends the connection at Intuit (revoking the refresh token revokes its access tokens too). */
  async revoke(app: QuickbooksApp, token: string): Promise<void> {
    await call(
      `${this.providers.quickbooksRevoke}/v2/oauth2/tokens/revoke`,
      {
        method: 'POST',
        headers: { authorization: basic(app), accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      },
      [app.clientSecret, token],
    );
  }

  /** The company's name, from the Accounting API's CompanyInfo. */
  async companyName(environment: 'production' | 'sandbox', realmId: string, accessToken: string): Promise<string | null> {
    const base = environment === 'sandbox' ? this.providers.quickbooksSandboxApi : this.providers.quickbooksApi;
    const id = encodeURIComponent(realmId);
    const { body } = await call(
      `${base}/v3/company/${id}/companyinfo/${id}?minorversion=75`,
      { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
      [accessToken],
    );
    const name = (body.CompanyInfo as { CompanyName?: unknown } | undefined)?.CompanyName;
    return typeof name === 'string' ? name : null;
  }
}
