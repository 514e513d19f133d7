// Security-critical: a money-creating POST sent twice (a retry after a timeout, a double click)
// must not take the money twice (docs/decisions/0115). A request carrying an Idempotency-Key
// takes the key in the same transaction as the rows it writes, before writing them:
// - the same key and the same request again answer what the first answered, without a second row;
// - the same key with another request is refused (422);
// - two at once: the second's claim waits for the first's transaction, then replays its answer
//   (or, if the first failed and rolled back, takes the key and runs).
// Nothing is held in process memory: it works the same across app servers.
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_MESSAGES, IDEMPOTENT_REPLAY_HEADER, type Operation } from '@willow/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Executor } from '../db/client.js';
import { badRequest, conflict, HttpError } from './errors.js';
import { idempotencyRepository } from './idempotency.repository.js';
import type { Scope } from './tenant-repository.js';

/** How long a key is remembered. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3600_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** JSON with object keys in order, so the same request hashes the same however its keys were sent. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export class Idempotency {
  constructor(private readonly db: Db) {}

  /**
   * Runs `work` in a transaction, once per Idempotency-Key (when the request has one): the key is
   * claimed first in that transaction and the answer stored with it. `work` is given the key, for
   * a provider call made on the request's behalf to carry it on (a refund at Stripe).
   */
  async run<R>(scope: Scope, op: Operation, req: FastifyRequest, reply: FastifyReply, work: (tx: Executor, key: string | undefined) => Promise<R>): Promise<R> {
    const header = req.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return this.db.transaction((tx) => work(tx, undefined));
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !KEY_PATTERN.test(key)) throw badRequest(IDEMPOTENCY_MESSAGES.badKey);
    const route = `${op.method} ${op.path}`;
    const requestHash = createHash('sha256')
      .update(canonical({ params: req.params, body: req.body }))
      .digest('hex');
    return this.db.transaction(async (tx) => {
      if (await idempotencyRepository.claim(tx, scope, route, key, requestHash)) {
        const answer = await work(tx, key);
        // Stored as it will be sent: the same JSON replays the same answer.
        await idempotencyRepository.complete(tx, scope, route, key, op.status ?? 200, JSON.parse(JSON.stringify(answer)));
        return answer;
      }
      const earlier = await idempotencyRepository.find(tx, scope, route, key);
      if (!earlier) throw conflict(IDEMPOTENCY_MESSAGES.inProgress);
      if (earlier.requestHash !== requestHash) throw new HttpError(422, IDEMPOTENCY_MESSAGES.differentRequest);
      if (earlier.status == null) throw conflict(IDEMPOTENCY_MESSAGES.inProgress);
      reply.header(IDEMPOTENT_REPLAY_HEADER, 'true');
      return earlier.response as R;
    });
  }

  /** Forgets keys older than a day (the app's housekeeping). */
  async forgetOld(now = new Date()): Promise<number> {
    return idempotencyRepository.removeOlderThan(this.db, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS));
  }
}
