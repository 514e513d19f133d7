// An OpenID Connect provider on loopback, as Google's sign-in is to the portal: a discovery
// document, an authorization page, a token endpoint and its signing keys. The token endpoint
// checks what Google checks (the client's id and secret, the code, its redirect URI and the PKCE
// verifier against the S256 challenge) and answers an RS256 ID token for the configured person.
// `tamper` makes it answer a token the portal must refuse.
import { createHash, randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { basicAuth, startHttpFake, type FakeAnswer, type FakeRequest, type HttpFake } from './http-fake.js';

export interface FakeOidcUser {
  email: string;
  emailVerified: boolean;
  sub: string;
  name?: string;
}

/** How the next ID tokens are spoiled: signed by a key not in the JWKS, for another client, expired, from another issuer, with another nonce. */
export type OidcTamper = 'wrongKey' | 'wrongAudience' | 'expired' | 'wrongIssuer' | 'wrongNonce' | null;

export interface FakeOidc extends HttpFake {
  /** client id → client secret */
  clients: Map<string, string>;
  /** who signs in at the authorization page */
  user: FakeOidcUser;
  tamper: OidcTamper;
  /**
   * 'page': /authorize shows a page with a "Continue as <email>" button (and "Cancel"), as a
   * person sees; 'redirect': it sends the browser straight back with a code; 'deny': straight
   * back with error=access_denied.
   */
  mode: 'page' | 'redirect' | 'deny';
  /** the authorization requests received, as their query */
  authorizations: URLSearchParams[];
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string | null;
  user: FakeOidcUser;
  used: boolean;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const oauthError = (status: number, error: string, description: string): FakeAnswer => ({ status, body: { error, error_description: description } });
const back = (redirectUri: string, params: Record<string, string>): FakeAnswer => {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return { status: 302, headers: { location: url.href }, body: '' };
};

export async function startFakeOidc(clients: Record<string, string> = {}, user: Partial<FakeOidcUser> = {}): Promise<FakeOidc> {
  const keys = await generateKeyPair('RS256', { extractable: true });
  const strangerKeys = await generateKeyPair('RS256', { extractable: true });
  const kid = randomBytes(8).toString('hex');
  const publicJwk: JWK = { ...(await exportJWK(keys.publicKey)), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, IssuedCode>();
  const known = new Map(Object.entries(clients));
  let issuer = '';

  const settings: Pick<FakeOidc, 'user' | 'tamper' | 'mode' | 'authorizations'> = {
    user: { email: 'someone@example.com', emailVerified: true, sub: randomBytes(8).toString('hex'), ...user },
    tamper: null,
    mode: 'page',
    authorizations: [],
  };

  // The handlers read the settings from the fake itself, so a test can change them between requests.
  let fake: FakeOidc | undefined;
  const authorize = (req: FakeRequest): FakeAnswer => {
    const state = fake!;
    const q = req.query;
    state.authorizations.push(q);
    const clientId = q.get('client_id') ?? '';
    const redirectUri = q.get('redirect_uri') ?? '';
    // Like Google: an unknown client or a missing redirect URI is shown as an error page, never redirected.
    if (!known.has(clientId)) return { status: 401, headers: { 'content-type': 'text/html' }, body: '<h1>Error 401: invalid_client</h1>' };
    if (!/^https?:\/\//.test(redirectUri)) return { status: 400, headers: { 'content-type': 'text/html' }, body: '<h1>Error 400: redirect_uri_mismatch</h1>' };
    const stateParam = q.get('state') ?? '';
    const refuse = (error: string) => back(redirectUri, { error, state: stateParam });
    if (q.get('response_type') !== 'code') return refuse('unsupported_response_type');
    if (!(q.get('scope') ?? '').split(' ').includes('openid')) return refuse('invalid_scope');
    if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) return refuse('invalid_request');
    if (state.mode === 'deny') return refuse('access_denied');
    const code = randomBytes(24).toString('base64url');
    codes.set(code, { clientId, redirectUri, challenge: q.get('code_challenge')!, nonce: q.get('nonce'), user: { ...state.user }, used: false });
    const returning = back(redirectUri, { code, state: stateParam, scope: 'email profile openid', authuser: '0', prompt: 'consent' });
    if (state.mode === 'redirect') return returning;
    const cancel = back(redirectUri, { error: 'access_denied', state: stateParam }).headers!.location!;
    const email = escapeHtml(state.user.email);
    const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in – Fake Google</title></head>
<body><main><h1>Choose an account</h1><p>to continue to Willow</p>
<p><a href="${escapeHtml(returning.headers!.location!)}" role="button">Continue as ${email}</a></p>
<p><a href="${escapeHtml(cancel)}" role="button">Cancel</a></p></main></body></html>`;
    return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body };
  };

  const token = async (req: FakeRequest): Promise<FakeAnswer> => {
    const form = new URLSearchParams(req.text);
    const basic = basicAuth(req);
    const clientId = basic?.user ?? form.get('client_id');
    const secret = basic?.password ?? form.get('client_secret');
    if (!clientId || !secret || known.get(clientId) !== secret) return oauthError(401, 'invalid_client', 'The OAuth client was not found.');
    if (form.get('grant_type') !== 'authorization_code') return oauthError(400, 'unsupported_grant_type', 'Invalid grant_type');
    const issued = codes.get(form.get('code') ?? '');
    if (!issued || issued.used || issued.clientId !== clientId) return oauthError(400, 'invalid_grant', 'Malformed auth code.');
    issued.used = true;
    if (form.get('redirect_uri') !== issued.redirectUri) return oauthError(400, 'redirect_uri_mismatch', 'Bad Request');
    const verifier = form.get('code_verifier');
    if (!verifier || s256(verifier) !== issued.challenge) return oauthError(400, 'invalid_grant', 'Invalid code verifier.');

    const now = Math.floor(Date.now() / 1000);
    const tamper = fake!.tamper;
    const claims = {
      email: issued.user.email,
      email_verified: issued.user.emailVerified,
      ...(issued.user.name && { name: issued.user.name }),
      ...(issued.nonce && { nonce: tamper === 'wrongNonce' ? 'another-nonce' : issued.nonce }),
      azp: clientId,
      at_hash: randomBytes(16).toString('base64url'),
    };
    const idToken = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(tamper === 'wrongIssuer' ? 'https://issuer.example.net' : issuer)
      .setAudience(tamper === 'wrongAudience' ? 'another-client.apps.example' : clientId)
      .setSubject(issued.user.sub)
      .setIssuedAt(tamper === 'expired' ? now - 7200 : now)
      .setExpirationTime(tamper === 'expired' ? now - 3600 : now + 3600)
      .sign(tamper === 'wrongKey' ? strangerKeys.privateKey : keys.privateKey);
    return {
      status: 200,
      headers: { 'cache-control': 'no-store' },
      body: { access_token: randomBytes(24).toString('base64url'), token_type: 'Bearer', expires_in: 3599, scope: 'openid email profile', id_token: idToken },
    };
  };

  const server = await startHttpFake([
    [
      'GET',
      '/.well-known/openid-configuration',
      () => ({
        status: 200,
        body: {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          scopes_supported: ['openid', 'email', 'profile'],
          token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
          code_challenge_methods_supported: ['plain', 'S256'],
          claims_supported: ['aud', 'email', 'email_verified', 'exp', 'iat', 'iss', 'name', 'sub'],
        },
      }),
    ],
    ['GET', '/authorize', authorize],
    ['POST', '/token', token],
    ['GET', '/jwks', () => ({ status: 200, body: { keys: [publicJwk] } })],
  ]);
  issuer = server.url;
  fake = Object.assign(server, { clients: known }, settings);
  return fake;
}
