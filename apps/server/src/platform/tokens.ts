// Security-critical: signing and verifying access tokens. The algorithm is pinned (HS256) so a
// token cannot choose its own ("alg: none" or an asymmetric confusion).
import { createHmac, randomBytes, webcrypto } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { jwtVerify, SignJWT } from 'jose';

const ALG = 'HS256';
export const TOKEN_COOKIE = 'x-access-token';
/** A working day and a bit: staff sign in once a day. */
export const TOKEN_TTL_SECONDS = 12 * 60 * 60;

export interface TokenClaims {
  authenticatedUserId: string;
  accountId: string;
  /**
   * the user's own account, where the session row lives; differs from accountId only while a
   * super administrator works in another account (a token issued before it existed omits it)
   */
  homeAccountId?: string;
  /** the session row; revoking it revokes the token */
  jti: string;
  exp: number;
}

export class TokenSigner {
  private readonly key: Uint8Array;
  /** the key imported once: handed raw bytes, every verification would import it again */
  private cryptoKey: Promise<webcrypto.CryptoKey> | undefined;
  constructor(secret: string) {
    if (secret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
    this.key = new TextEncoder().encode(secret);
  }

  private hmacKey(): Promise<webcrypto.CryptoKey> {
    return (this.cryptoKey ??= webcrypto.subtle.importKey('raw', this.key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']));
  }

  async sign(claims: Omit<TokenClaims, 'exp'>, expiresAt: Date): Promise<string> {
    return new SignJWT({
      authenticatedUserId: claims.authenticatedUserId,
      accountId: claims.accountId,
      ...(claims.homeAccountId && claims.homeAccountId !== claims.accountId && { homeAccountId: claims.homeAccountId }),
    })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setJti(claims.jti)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(await this.hmacKey());
  }

  /**
   * An HMAC-SHA256 (base64url) of `data` under the same secret, for small values the server hands
   * out and checks again that are not sessions; `purpose` keeps each use's MACs apart from another's.
   */
  mac(purpose: string, data: string): string {
    return createHmac('sha256', this.key).update(`${purpose}\n${data}`).digest('base64url');
  }

  /** The claims, or null when the token is expired, forged or undecodable. */
  async verify(token: string): Promise<Partial<TokenClaims> | null> {
    try {
      const { payload } = await jwtVerify(token, await this.hmacKey(), { algorithms: [ALG] });
      return {
        authenticatedUserId: typeof payload.authenticatedUserId === 'string' ? payload.authenticatedUserId : undefined,
        accountId: typeof payload.accountId === 'string' ? payload.accountId : undefined,
        ...(typeof payload.homeAccountId === 'string' && { homeAccountId: payload.homeAccountId }),
        jti: payload.jti,
        exp: payload.exp,
      };
    } catch {
      return null;
    }
  }
}

/** JWT_SECRET, or a secret generated once and kept (owner-readable only) in the data folder. */
export function resolveSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return secret;
}
