// Security-critical: sign-in (and how failed ones slow the next), the session guard and revocation.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES, PERMISSIONS, SIGN_IN_MESSAGES, signInWaitMessage, type Permission } from '@willow/contracts';
import type { Db, Executor } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { HttpError, tooManyRequests, unauthorized } from '../../platform/errors.js';
import { dummyPasswordHash, verifyPassword } from '../../platform/passwords.js';
import { TOKEN_COOKIE, TOKEN_TTL_SECONDS, type TokenClaims, type TokenSigner } from '../../platform/tokens.js';
import { accountsRepository } from '../accounts/index.js';
import { roleHoldersRepository, usersRepository } from '../users/index.js';
import { authRepository, type SignInFailures } from './auth.repository.js';
import type { SessionCache } from './session-cache.js';

/**
 * How failed sign-ins slow the next ones (docs/decisions/0049). Nothing locks an account: a wrong
 * password from one address makes that address wait, and the right password from an address that
 * has not failed is always checked.
 */
export const LOGIN_LIMITS = {
  /** failures older than this are forgotten */
  windowMs: 15 * 60 * 1000,
  /** failures of one email from one address (typos) before each further attempt there must wait */
  freePerPair: 3,
  /** the first wait; it doubles with each further failure of the pair, up to the window */
  firstWaitMs: 5_000,
  /**
   * failures of one email from anywhere that mean it is being guessed from many addresses: from
   * then on an address waits after its first failure on it (an address without one never does)
   */
  perEmail: 10,
  /** failures from one address, whichever emails, before it is refused for the rest of the window */
  perIp: 30,
};

/** Why an attempt must wait, and for how long; null when it may be checked now. */
export function signInWait(seen: SignInFailures): { ms: number; message: string } | null {
  const now = seen.now.getTime();
  if (seen.byIp >= LOGIN_LIMITS.perIp && seen.ipOldest) {
    return { ms: seen.ipOldest.getTime() + LOGIN_LIMITS.windowMs - now, message: MESSAGES.tooManyAttempts };
  }
  const free = seen.byEmail >= LOGIN_LIMITS.perEmail ? 1 : LOGIN_LIMITS.freePerPair;
  if (seen.byPair < free || !seen.pairLatest) return null;
  const wait = Math.min(LOGIN_LIMITS.windowMs, LOGIN_LIMITS.firstWaitMs * 2 ** (seen.byPair - free));
  const left = seen.pairLatest.getTime() + wait - now;
  return left > 0 ? { ms: left, message: signInWaitMessage(left / 1000) } : null;
}

export const ACCOUNT_DEACTIVATED = 'This account has been deactivated. Please contact Willow support.';

export type GuardOutcome = { kind: 'ok'; claims: TokenClaims } | { kind: 'missing' } | { kind: 'invalid' } | { kind: 'incomplete' };

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly signer: TokenSigner,
    private readonly secureCookies: boolean,
    /** checked sessions reused until a change to them is heard (decision 0061); none: ask every time */
    private readonly cache?: SessionCache,
  ) {}

  async login(email: string, password: string, ip: string, userAgent: string | null) {
    // The attempt is counted as a failure before the password is checked, with the address's
    // attempts taking turns: parallel guesses see each other. A refused attempt checks nothing.
    await this.db.transaction(async (tx) => {
      await authRepository.lockSignIns(tx, ip);
      const wait = signInWait(await authRepository.signInFailures(tx, email, ip, LOGIN_LIMITS.windowMs));
      if (wait) throw tooManyRequests(wait.message, wait.ms);
      await authRepository.recordFailure(tx, email, ip);
    });
    const user = await usersRepository.findByEmail(this.db, email);
    // Unknown email and wrong password look the same, in words and in time.
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    if (!user || !ok || !user.isActive) throw new HttpError(401, MESSAGES.invalidCredentials);
    // The right password: this address's failures on this email stop counting (no one else's).
    await authRepository.clearFailures(this.db, email, ip);
    const { token, expiresAt } = await this.startSession(user, ip, userAgent);
    return { user, token, expiresAt };
  }

  /**
   * A new session for a user whose sign-in was proven (a password, a code, a link, Google): refused
   * with 403 ACCOUNT_DEACTIVATED when their practice is deactivated (unless they are a super
   * administrator), 401 when the user is. Every sign-in flow ends here.
   */
  async startSession(
    user: { id: string; accountId: string; isActive: boolean },
    ip: string,
    userAgent: string | null,
    ex: Executor = this.db,
  ): Promise<{ token: string; expiresAt: Date }> {
    if (!user.isActive) throw new HttpError(403, SIGN_IN_MESSAGES.deactivated);
    const account = await accountsRepository.findById(ex, user.accountId);
    if (!account?.isActive) {
      const grants = await roleHoldersRepository.grantsFor(ex, user.id, user.accountId, user.accountId);
      if (!grants.some((g) => g.kind === 'system' && g.permissions.includes('system.admin'))) {
        throw new HttpError(403, ACCOUNT_DEACTIVATED);
      }
    }
    const expiresAt = new Date(Date.now() + TOKEN_TTL_SECONDS * 1000);
    const session = await authRepository.createSession(ex, {
      userId: user.id,
      accountId: user.accountId,
      workingAccountId: user.accountId,
      expiresAt,
      ip,
      userAgent: userAgent?.slice(0, 300) ?? null,
    });
    const token = await this.signer.sign({ authenticatedUserId: user.id, accountId: user.accountId, jti: session.id }, expiresAt);
    return { token, expiresAt };
  }

  /** A new token for the same session, now working in another account. */
  async reissue(auth: AuthContext, accountId: string) {
    await authRepository.moveSession(this.db, { accountId: auth.homeAccountId, id: auth.sessionId }, accountId);
    const expiresAt = new Date(Date.now() + TOKEN_TTL_SECONDS * 1000);
    return this.signer.sign({ authenticatedUserId: auth.userId, accountId, homeAccountId: auth.homeAccountId, jti: auth.sessionId }, expiresAt);
  }

  /** Whether the portal's cookies are Secure for this request: configured so, or the request came over HTTPS. */
  secureCookie(req: FastifyRequest): boolean {
    return this.secureCookies || req.protocol === 'https';
  }

  setCookie(reply: FastifyReply, req: FastifyRequest, token: string, expiresAt?: Date) {
    reply.setCookie(TOKEN_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: this.secureCookie(req),
      ...(expiresAt ? { expires: expiresAt } : { maxAge: TOKEN_TTL_SECONDS }),
    });
  }

  clearCookie(reply: FastifyReply) {
    reply.clearCookie(TOKEN_COOKIE, { path: '/' });
  }

  tokenOf(req: FastifyRequest): string | undefined {
    const cookie = req.cookies[TOKEN_COOKIE];
    if (cookie) return cookie;
    const header = req.headers.authorization;
    return header?.startsWith('Bearer ') ? header.slice(7) : undefined;
  }

  /** What the page guard needs: is there a token, does it decode, does it carry the claims. */
  async inspect(req: FastifyRequest): Promise<GuardOutcome> {
    const token = this.tokenOf(req);
    if (!token) return { kind: 'missing' };
    const claims = await this.signer.verify(token);
    if (!claims || !claims.exp) return { kind: 'invalid' };
    // A decodable, unexpired token lacking the user or account id goes to /403, whatever else it lacks.
    if (!claims.authenticatedUserId || !claims.accountId) return { kind: 'incomplete' };
    if (!claims.jti) return { kind: 'invalid' };
    return { kind: 'ok', claims: claims as TokenClaims };
  }

  /** The session guard of every authenticated route. */
  async authenticate(req: FastifyRequest): Promise<AuthContext> {
    const token = this.tokenOf(req);
    const cached = token ? this.cache?.get(token) : undefined;
    if (cached) return cached;
    if (!token || !this.cache) return this.authenticateOutcome(await this.inspect(req), token);
    // Missed together, looked up once (session-cache.ts `lookup`).
    return this.cache.lookup(token, async () => this.authenticateOutcome(await this.inspect(req), token));
  }

  /** The rest of the guard, for a token already inspected (the page guard inspects first). */
  async authenticateOutcome(outcome: GuardOutcome, token?: string): Promise<AuthContext> {
    if (outcome.kind === 'missing') throw unauthorized(MESSAGES.notSignedIn);
    if (outcome.kind !== 'ok') throw unauthorized(MESSAGES.invalidToken);
    const { claims } = outcome;
    const homeAccountId = claims.homeAccountId ?? claims.accountId;
    const mark = this.cache?.mark();
    const session = await authRepository.findSession(this.db, homeAccountId, claims.jti, claims.authenticatedUserId);
    if (!session || session.revokedAt || session.expiresAt.getTime() <= Date.now() || !session.userActive || session.accountId !== claims.accountId) {
      throw unauthorized(MESSAGES.invalidToken);
    }
    const grants = [
      ...session.systemGrants.map((g) => ({ ...g, kind: 'system' as const })),
      ...session.accountGrants.map((g) => ({ ...g, kind: 'account' as const })),
    ];
    const held = new Set<Permission>();
    for (const g of grants) for (const p of g.permissions) if ((PERMISSIONS as readonly string[]).includes(p)) held.add(p as Permission);
    // A deactivated account locks its staff out; a super administrator can still work on it.
    if (!session.accountActive && !held.has('system.admin')) throw unauthorized(MESSAGES.invalidToken);
    const auth: AuthContext = {
      userId: claims.authenticatedUserId,
      accountId: session.accountId,
      homeAccountId: session.homeAccountId,
      sessionId: session.id,
      permissions: [...held].sort(),
      roles: grants.map((g) => ({ id: g.id, name: g.name, kind: g.kind })),
    };
    if (token && mark !== undefined) {
      this.cache?.put(token, mark, auth, new Date(Math.min(session.expiresAt.getTime(), claims.exp * 1000)));
    }
    return auth;
  }

  /** Before a write answers: this server has heard every session change committed so far. */
  async settle(): Promise<void> {
    await this.cache?.settle();
  }

  async logout(req: FastifyRequest): Promise<void> {
    const outcome = await this.inspect(req);
    if (outcome.kind === 'ok') {
      const { claims } = outcome;
      await authRepository.revokeSession(this.db, { accountId: claims.homeAccountId ?? claims.accountId, id: claims.jti });
    }
  }
}
