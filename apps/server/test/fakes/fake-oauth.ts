// OAuth 2 token endpoints of Google and Intuit (QuickBooks) on loopback, as far as a client's
// credentials are concerned: a known client with a grant it does not know gets `invalid_grant`, an
// unknown client or wrong secret `invalid_client`.
import { basicAuth, startHttpFake, type FakeAnswer, type FakeRequest, type HttpFake } from './http-fake.js';

export interface FakeOauth extends HttpFake {
  /** client id → client secret */
  clients: Map<string, string>;
}

function tokenEndpoint(clients: Map<string, string>, credentialsOf: (req: FakeRequest, form: URLSearchParams) => { id?: string | null; secret?: string | null }) {
  return (req: FakeRequest): FakeAnswer => {
    const form = new URLSearchParams(req.text);
    const { id, secret } = credentialsOf(req, form);
    if (!id || !secret || clients.get(id) !== secret) return { status: 401, body: { error: 'invalid_client', error_description: 'The OAuth client was not found or its secret is wrong.' } };
    if (!form.get('grant_type')) return { status: 400, body: { error: 'invalid_request', error_description: 'Missing grant_type' } };
    // No code or refresh token issued here is ever valid.
    return { status: 400, body: { error: 'invalid_grant', error_description: 'Bad Request' } };
  };
}

/** Google: the client's id and secret in the form body. */
export async function startFakeGoogle(clients: Record<string, string> = {}): Promise<FakeOauth> {
  const known = new Map(Object.entries(clients));
  const fake = await startHttpFake([['POST', '/token', tokenEndpoint(known, (_req, form) => ({ id: form.get('client_id'), secret: form.get('client_secret') }))]]);
  return { ...fake, clients: known };
}

/** Intuit: the client's id and secret as HTTP basic auth. */
export async function startFakeQuickbooksOauth(clients: Record<string, string> = {}): Promise<FakeOauth> {
  const known = new Map(Object.entries(clients));
  const fake = await startHttpFake([
    ['POST', '/oauth2/v1/tokens/bearer', tokenEndpoint(known, (req) => {
      const auth = basicAuth(req);
      return { id: auth?.user, secret: auth?.password };
    })],
  ]);
  return { ...fake, clients: known };
}
