// Intuit on loopback: the consent page (which consents at once and sends the browser back), the
// OAuth 2 token endpoint (authorization code and refresh token grants, HTTP basic auth of the app),
// token revocation, and the Accounting API's CompanyInfo. It checks what Intuit checks: the app's
// id and secret, the redirect URI the code was issued for, single-use codes, refresh tokens that
// rotate (a spent one is refused with invalid_grant) and bearer tokens of the right company.
import { randomBytes } from 'node:crypto';
import { basicAuth, bearer, startHttpFake, type FakeAnswer, type FakeRequest, type HttpFake } from './http-fake.js';

export interface FakeCompany {
  realmId: string;
  name: string;
}

export interface FakeQuickbooks extends HttpFake {
  /** client id → client secret */
  clients: Map<string, string>;
  /** the company a consent connects, per client id (default: the first company) */
  companies: FakeCompany[];
  /** issues an authorization code as the consent page would (for tests that skip the browser) */
  issueCode(clientId: string, redirectUri: string, realmId?: string): string;
  /** how many refresh grants were accepted */
  refreshes(): number;
  /** the refresh tokens still valid */
  liveRefreshTokens(): string[];
  /** makes every access token issued so far unusable (as if an hour had passed) */
  expireAccessTokens(): void;
  /** revokes a refresh token at Intuit's side (as disconnecting from QuickBooks itself does) */
  revokeRefreshToken(token: string): void;
  /** seconds an access token lasts (default 3600) */
  accessTokenSeconds: number;
}

const token = (prefix: string) => `${prefix}-${randomBytes(12).toString('hex')}`;

export async function startFakeQuickbooks(clients: Record<string, string>, companies: FakeCompany[] = [{ realmId: '9130357992211456', name: 'Willow Test Company' }]): Promise<FakeQuickbooks> {
  const known = new Map(Object.entries(clients));
  const codes = new Map<string, { clientId: string; redirectUri: string; realmId: string }>();
  const refreshTokens = new Map<string, { clientId: string; realmId: string }>();
  const accessTokens = new Map<string, { realmId: string; refreshToken: string; live: boolean }>();
  let refreshCount = 0;

  const app = (req: FakeRequest) => {
    const auth = basicAuth(req);
    return auth && known.get(auth.user) === auth.password ? auth.user : undefined;
  };
  const invalidClient: FakeAnswer = { status: 401, body: { error: 'invalid_client' } };
  const invalidGrant: FakeAnswer = { status: 400, body: { error: 'invalid_grant' } };

  const issue = (clientId: string, realmId: string): FakeAnswer => {
    const refresh = token('RT1');
    const access = token('eyJ-access');
    refreshTokens.set(refresh, { clientId, realmId });
    accessTokens.set(access, { realmId, refreshToken: refresh, live: true });
    return {
      status: 200,
      body: { token_type: 'bearer', access_token: access, refresh_token: refresh, expires_in: fake.accessTokenSeconds, x_refresh_token_expires_in: 8_726_400 },
    };
  };
  const issueCode = (clientId: string, redirectUri: string, realmId = fake.companies[0]!.realmId) => {
    const code = token('AB11');
    codes.set(code, { clientId, redirectUri, realmId });
    return code;
  };

  const http = await startHttpFake([
    [
      'GET',
      '/connect/oauth2',
      (req) => {
        const clientId = req.query.get('client_id') ?? '';
        const redirectUri = req.query.get('redirect_uri') ?? '';
        if (!known.has(clientId)) return { status: 400, body: { error: 'invalid_client' } };
        if (req.query.get('response_type') !== 'code' || req.query.get('scope') !== 'com.intuit.quickbooks.accounting' || !redirectUri) {
          return { status: 400, body: { error: 'invalid_request' } };
        }
        // The person consents at once: back to the portal with a code, the state and the company.
        const realmId = fake.companies[0]!.realmId;
        const back = new URL(redirectUri);
        back.search = new URLSearchParams({ code: issueCode(clientId, redirectUri, realmId), state: req.query.get('state') ?? '', realmId }).toString();
        return { status: 302, headers: { location: back.href }, body: '' };
      },
    ],
    [
      'POST',
      '/oauth2/v1/tokens/bearer',
      (req) => {
        const clientId = app(req);
        if (!clientId) return invalidClient;
        if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return { status: 400, body: { error: 'invalid_request' } };
        const form = new URLSearchParams(req.text);
        if (form.get('grant_type') === 'authorization_code') {
          const grant = codes.get(form.get('code') ?? '');
          codes.delete(form.get('code') ?? '');
          if (!grant || grant.clientId !== clientId || grant.redirectUri !== form.get('redirect_uri')) return invalidGrant;
          return issue(clientId, grant.realmId);
        }
        if (form.get('grant_type') === 'refresh_token') {
          const old = form.get('refresh_token') ?? '';
          const grant = refreshTokens.get(old);
          if (!grant || grant.clientId !== clientId) return invalidGrant;
          // Rotation: the old refresh token is spent.
          refreshTokens.delete(old);
          refreshCount++;
          return issue(clientId, grant.realmId);
        }
        return { status: 400, body: { error: 'unsupported_grant_type' } };
      },
    ],
    [
      'POST',
      '/v2/oauth2/tokens/revoke',
      (req) => {
        if (!app(req)) return invalidClient;
        let body: { token?: string };
        try {
          body = JSON.parse(req.text) as { token?: string };
        } catch {
          return { status: 400, body: { error: 'invalid_request' } };
        }
        if (!body.token) return { status: 400, body: { error: 'invalid_request' } };
        revoke(body.token);
        return { status: 200, body: '' };
      },
    ],
    [
      'GET',
      '/v3/company/:realmId/companyinfo/:companyId',
      (req) => {
        const held = accessTokens.get(bearer(req) ?? '');
        if (!held?.live) return { status: 401, body: { Fault: { Error: [{ Message: 'message=AuthenticationFailed; errorCode=003200; statusCode=401' }], type: 'AUTHENTICATION' } } };
        if (held.realmId !== req.params.realmId || req.params.realmId !== req.params.companyId) return { status: 403, body: { Fault: { Error: [{ Message: 'ApplicationAuthorizationFailed' }] } } };
        const company = fake.companies.find((c) => c.realmId === held.realmId);
        return { status: 200, body: { CompanyInfo: { Id: '1', CompanyName: company?.name ?? 'Company', Country: 'US' }, time: new Date().toISOString() } };
      },
    ],
  ]);

  function revoke(t: string) {
    const refresh = refreshTokens.has(t) ? t : accessTokens.get(t)?.refreshToken;
    if (!refresh) return;
    refreshTokens.delete(refresh);
    for (const held of accessTokens.values()) if (held.refreshToken === refresh) held.live = false;
  }

  const fake: FakeQuickbooks = {
    ...http,
    clients: known,
    companies,
    issueCode,
    refreshes: () => refreshCount,
    liveRefreshTokens: () => [...refreshTokens.keys()],
    expireAccessTokens: () => {
      for (const held of accessTokens.values()) held.live = false;
    },
    revokeRefreshToken: revoke,
    accessTokenSeconds: 3600,
  };
  return fake;
}
