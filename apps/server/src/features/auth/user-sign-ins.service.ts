// Security-critical: what a change an administrator makes to a user ends of their sign-ins
// (sessions, emailed links and codes), and the limit on addresses the Users page is refused
// (docs/decisions/0051): the users feature asks for them through UserSignIns.
import type { Db, Executor } from '../../db/client.js';
import type { Scope } from '../../platform/tenant-repository.js';
import type { UserSignIns } from '../users/index.js';
import { takeAttempt, type Attempt } from './attempt-limits.js';
import { authRepository } from './auth.repository.js';
import { PASSWORD_SET_ENDS, USER_TOKEN_KINDS } from './sign-in-flows.service.js';
import { signInTokens } from './sign-in-tokens.js';

export class UserSignInsService implements UserSignIns {
  constructor(private readonly db: Db) {}

  takeEmailAttempt(scope: Scope): Promise<Attempt> {
    return takeAttempt(this.db, scope, 'userEmail', scope.accountId);
  }

  async passwordSet(tx: Executor, scope: Scope, userId: string): Promise<void> {
    await authRepository.revokeUserSessions(tx, { accountId: scope.accountId, userId });
    await signInTokens.endForUser(tx, userId, PASSWORD_SET_ENDS);
  }

  async emailChanged(tx: Executor, userId: string): Promise<void> {
    await signInTokens.endForUser(tx, userId, USER_TOKEN_KINDS);
  }

  async deactivated(tx: Executor, scope: Scope, userId: string): Promise<void> {
    await authRepository.revokeUserSessions(tx, { accountId: scope.accountId, userId });
    await signInTokens.endForUser(tx, userId, USER_TOKEN_KINDS);
  }

  async removed(tx: Executor, userId: string): Promise<void> {
    await signInTokens.endForUser(tx, userId, USER_TOKEN_KINDS);
  }
}
