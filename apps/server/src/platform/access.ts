// Security-critical: the one permission check every route goes through, before any work.
import { hasAnyPermission, MESSAGES, type Operation, type Permission } from '@willow/contracts';
import { HttpError } from './errors.js';
import type { Scope } from './tenant-repository.js';

export interface AuthContext extends Scope {
  readonly userId: string;
  /** the account the user belongs to; differs from accountId after an account switch */
  readonly homeAccountId: string;
  readonly sessionId: string;
  readonly permissions: readonly Permission[];
  readonly roles: readonly { id: string; name: string; kind: 'account' | 'system' }[];
}

/**
 * Who a write is made for: a signed-in user, or (a public form) nobody, in the account the form
 * belongs to. History names the user, or no one.
 */
export type Caller = AuthContext | PublicCaller;
export interface PublicCaller extends Scope {
  readonly userId: null;
}

export function requireAccess(auth: AuthContext, op: Pick<Operation, 'access' | 'deniedStatus' | 'deniedMessage'>): void {
  if (op.access.kind !== 'anyOf') return;
  if (hasAnyPermission(auth.permissions, op.access.permissions)) return;
  throw op.deniedStatus === 401
    ? new HttpError(401, MESSAGES.notAuthorizedAction)
    : new HttpError(403, op.deniedMessage ?? MESSAGES.permissionDenied);
}

/** For rules inside a service (e.g. only a super administrator may change a tier). */
export function holds(auth: AuthContext, ...permissions: Permission[]): boolean {
  return hasAnyPermission(auth.permissions, permissions);
}
