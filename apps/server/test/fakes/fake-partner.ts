// A memorial partner's API on loopback: HTTP basic auth with the practice's user name and password.
import { basicAuth, startHttpFake, type HttpFake } from './http-fake.js';

export interface FakePartner extends HttpFake {
  /** user name → password */
  users: Map<string, string>;
}

export async function startFakePartner(users: Record<string, string> = {}): Promise<FakePartner> {
  const known = new Map(Object.entries(users));
  const fake = await startHttpFake([
    ['GET', '/api', (req) => {
      const auth = basicAuth(req);
      if (!auth || known.get(auth.user) !== auth.password) return { status: 401, body: { message: 'Invalid username or password' }, headers: { 'www-authenticate': 'Basic realm="partner"' } };
      return { status: 200, body: { account: auth.user } };
    }],
  ]);
  return { ...fake, users: known };
}
