// The live changes' stream (decision 0189): each app server LISTENs once to the live channel and
// hands each notice to the streams open on it for the notice's account, and to no other. A stream
// is `GET /api/live` answered as server-sent events: behind the session guard like every API
// route, never compressed or buffered (the reply is taken over before any onSend hook), checked
// again on every heartbeat so that a session that ended stops hearing.
import { LIVE_RESYNC_EVENT, liveChanges, type LiveChange } from '@willow/contracts';
import type { FastifyRequest } from 'fastify';
import type { NoticeHandlers } from '../db/client.js';
import type { LiveNotice } from './live-changes.js';
import type { Authenticate, Router } from './router.js';

/** A heartbeat keeps proxies from closing a quiet stream, and re-checks its session. */
const HEARTBEAT_MS = 25_000;
/** How long a browser waits before it opens a dropped stream again. */
const RETRY_MS = 3_000;

interface Listener {
  change(change: LiveChange): void;
  resync(): void;
}

/** The streams open on this server, by account. */
export class LiveHub implements NoticeHandlers {
  private readonly byAccount = new Map<string, Set<Listener>>();
  private readonly closers = new Set<() => void>();
  /** the database connection dropped: notices may have been missed until it is back */
  private missed = false;

  /** A notice from PostgreSQL: to the streams of its account only. */
  notice(payload: string): void {
    let notice: LiveNotice;
    try {
      notice = JSON.parse(payload) as LiveNotice;
    } catch {
      return;
    }
    if (typeof notice.accountId !== 'string') return;
    const change: LiveChange = { topic: notice.topic, id: notice.id };
    for (const listener of this.byAccount.get(notice.accountId) ?? []) listener.change(change);
  }

  /** Notices may have been missed: every stream is told to read everything again once they are heard again. */
  lost(): void {
    this.missed = true;
  }

  ready(): void {
    if (!this.missed) return;
    this.missed = false;
    for (const listeners of this.byAccount.values()) for (const listener of listeners) listener.resync();
  }

  join(accountId: string, listener: Listener, close: () => void): () => void {
    const set = this.byAccount.get(accountId) ?? new Set();
    set.add(listener);
    this.byAccount.set(accountId, set);
    this.closers.add(close);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.byAccount.delete(accountId);
      this.closers.delete(close);
    };
  }

  /** How many streams are open (for the tests and the logs). */
  get size(): number {
    let n = 0;
    for (const set of this.byAccount.values()) n += set.size;
    return n;
  }

  /** Ends every stream: the server is stopping (the browsers open theirs again elsewhere). */
  closeAll(): void {
    for (const close of [...this.closers]) close();
  }
}

/** `GET /api/live`: the signed-in page's stream of its account's changes. */
export function liveStreamRoutes(hub: LiveHub, authenticate: Authenticate) {
  return (r: Router) =>
    r.route(liveChanges, async ({ auth, req, reply }) => {
      // Taken over from here: no serializer, no compression, no onSend hook buffers the stream.
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        // nginx and its kin otherwise hold the events back until a buffer fills.
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      res.write(`retry: ${RETRY_MS}\n\n`);
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        leave();
        res.end();
      };
      const leave = hub.join(
        auth.accountId,
        {
          change: (change) => res.write(`data: ${JSON.stringify(change)}\n\n`),
          resync: () => res.write(`event: ${LIVE_RESYNC_EVENT}\ndata: {}\n\n`),
        },
        end,
      );
      const heartbeat = setInterval(() => void beat(req), HEARTBEAT_MS);
      heartbeat.unref();
      const beat = async (request: FastifyRequest) => {
        try {
          const again = await authenticate(request);
          // A session that now works in another account reopens its stream there.
          if (again.accountId !== auth.accountId) return end();
          res.write(': still here\n\n');
        } catch {
          end();
        }
      };
      req.raw.on('close', end);
      res.on('error', end);
      return reply as never;
    });
}
