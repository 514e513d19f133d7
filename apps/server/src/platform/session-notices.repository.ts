// Security-critical: every change that can refuse a session tells the app servers at once
// (decision 0061). The repositories that write sessions, users, roles, their holders and accounts
// send these notices in the change's own transaction (decision 0247: a database distributed by
// account refuses the row triggers that sent them before), so PostgreSQL delivers them when the
// change commits and never for one rolled back. Payload: s:<session id>, u:<user id>,
// a:<account id>, or * (a platform-wide role changed).
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';

export const SESSION_NOTICES = 'willow_sessions';

export type SessionNotice = `s:${string}` | `u:${string}` | `a:${string}` | '*';

/** Sent with the change in `ex`'s transaction (or at once, outside one). */
export async function noticeSessions(ex: Executor, notice: SessionNotice): Promise<void> {
  await ex.execute(sql`select pg_notify(${SESSION_NOTICES}, ${notice})`);
}
