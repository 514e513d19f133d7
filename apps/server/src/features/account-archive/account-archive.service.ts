import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ACCOUNT_ARCHIVE_MESSAGES as TEXT, ARCHIVE_DAYS, type AccountArchive, type AccountArchiveStatus } from '@willow/contracts';
import type { Db, Executor } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import type { DocumentStorage } from '../../platform/document-storage.js';
import { HttpError } from '../../platform/errors.js';
import type { QueueJob, QueueSource } from '../../platform/queue-worker.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { accountsRepository } from '../accounts/index.js';
import { EmailNotSetUpError, type ProductMailer } from '../product-mail/index.js';
import { usersRepository } from '../users/index.js';
import { accountArchivesRepository as repo, MAX_ATTEMPTS, type ArchiveRow } from './account-archive.repository.js';
import { archiveReadyMail } from './archive-mail.js';
import { planArchive, writeArchive } from './archive-writer.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a worker holds an archive without a word; it speaks every PROGRESS_MS while working. */
export const ARCHIVE_LEASE_MS = 60_000;
const PROGRESS_MS = 1_000;
/** A failed attempt is tried again after this long (MAX_ATTEMPTS in all). */
const RETRY_MS = 30_000;
/** The past archives a list shows. */
const LIST_LIMIT = 20;

/** The worker lost its hold: the archive was deleted, or taken over after its lease ended. */
class HoldLost extends Error {}

export interface AccountArchiveOptions {
  storage: DocumentStorage;
  mail: ProductMailer;
  appUrl: string;
  /** the archive queue's NOTIFY, sent in the transaction that queues one */
  notice: (ex: Executor) => Promise<void>;
  now?: () => Date;
  onError?: (err: unknown) => void;
}

/**
 * The account archive (issue 36; decisions 0272–0275): started by an account manager, made by a
 * worker of the archive queue (`source`, run by every app process: claims FOR UPDATE SKIP LOCKED with
 * a lease, so one archive is made once and a worker that died is replaced), its file in the document
 * storage for ARCHIVE_DAYS, its requester emailed a link to the account page when it is ready.
 */
export class AccountArchiveService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly opts: AccountArchiveOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  /** The answer: a ready archive past its days is expired, whether or not the job has removed its file yet. */
  private toAnswer(row: ArchiveRow): AccountArchive {
    const expired = row.status === 'ready' && row.expiresAt !== null && row.expiresAt <= this.now();
    return {
      id: row.id,
      status: (expired ? 'expired' : row.status) as AccountArchiveStatus,
      done: row.done,
      total: row.total,
      requestedByName: row.requestedByName,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      sizeBytes: row.sizeBytes,
      error: row.error,
    };
  }

  /** One archive in preparation per account: while one is, starting answers it (decision 0272). */
  async start(auth: AuthContext): Promise<AccountArchive> {
    const row = await this.db.transaction(async (tx) => {
      const running = await repo.findPreparing(tx, auth);
      if (running) return running;
      const user = await usersRepository.findSignedIn(tx, auth);
      if (!user) throw new HttpError(401, 'Not authenticated');
      const made = await repo.insertPreparing(tx, auth, {
        requestedById: auth.userId,
        requestedByName: `${user.firstName} ${user.lastName}`.trim(),
        notifyEmail: user.email,
      });
      if (made) await this.opts.notice(tx);
      // Another start committed between the look and the insert: its archive is the one.
      return made ?? (await repo.findPreparing(tx, auth));
    });
    if (!row) throw new HttpError(409, 'An export is being started; try again in a moment.');
    return this.toAnswer(row);
  }

  async list(scope: Scope): Promise<AccountArchive[]> {
    return (await repo.list(this.db, scope, LIST_LIMIT)).map((row) => this.toAnswer(row));
  }

  async get(scope: Scope, id: string): Promise<AccountArchive> {
    return this.toAnswer(await this.found(this.db, scope, id));
  }

  private async found(ex: Executor, scope: Scope, id: string, lock?: 'update'): Promise<ArchiveRow> {
    const row = await repo.findById(ex, scope, id, lock ? { lock } : {});
    if (!row) throw new HttpError(404, TEXT.notFound);
    return row;
  }

  /** The zip's bytes, while the archive is ready; 410 once its days are over. */
  async open(scope: Scope, id: string): Promise<{ body: Readable; sizeBytes: number | null; fileName: string }> {
    const archive = this.toAnswer(await this.found(this.db, scope, id));
    if (archive.status === 'expired') throw new HttpError(410, TEXT.expired);
    if (archive.status === 'preparing') throw new HttpError(409, TEXT.notReady);
    if (archive.status === 'failed') throw new HttpError(409, TEXT.failed);
    const row = await this.found(this.db, scope, id);
    const body = await this.opts.storage.get(row.storageKey!);
    return { body, sizeBytes: row.sizeBytes, fileName: `willow-data-${archive.createdAt.slice(0, 10)}.zip` };
  }

  /** Removes an archive and its file; one in preparation is stopped (its worker finds its hold gone). */
  async remove(scope: Scope, id: string): Promise<void> {
    const row = await this.db.transaction(async (tx) => {
      const found = await this.found(tx, scope, id, 'update');
      await repo.remove(tx, scope, id);
      return found;
    });
    if (row.storageKey) await this.opts.storage.delete(row.storageKey);
  }

  // ---------- the archive queue ----------

  /** The archive queue for the platform's QueueWorker (main.ts). */
  readonly source: QueueSource = {
    claim: async (limit) => {
      const token = randomUUID();
      const rows = await this.db.transaction((tx) => repo.claim(tx, { now: this.now(), leaseMs: ARCHIVE_LEASE_MS, limit, token }));
      return rows.map(
        (row): QueueJob => ({
          run: () => this.make(row, token),
          // Handed back unbegun: the attempt is not counted.
          release: async () => {
            await repo.whileHeld(this.db, { accountId: row.accountId }, row.id, token, { claimToken: null, claimedUntil: null, attempts: row.attempts - 1 });
          },
        }),
      );
    },
    nextDue: () => repo.nextDue(this.db),
  };

  /** Makes one claimed archive: the zip written, the row made ready and the email queued together. */
  async make(row: ArchiveRow, token: string): Promise<void> {
    const scope = { accountId: row.accountId };
    const key = `archives/${row.accountId}/${row.id}-${token}.zip`;
    const stop = new AbortController();
    let done = 0;
    let total = 0;
    const hold = async () => {
      const held = await repo.whileHeld(this.db, scope, row.id, token, { done, total, claimedUntil: new Date(this.now().getTime() + ARCHIVE_LEASE_MS) });
      if (!held && !stop.signal.aborted) stop.abort(new HoldLost());
    };
    let speaking = Promise.resolve();
    const timer = setInterval(() => {
      speaking = speaking.then(hold).catch((err: unknown) => this.opts.onError?.(err));
    }, PROGRESS_MS);
    try {
      const plan = await planArchive(this.db, scope);
      total = plan.total;
      await hold();
      stop.signal.throwIfAborted();
      const madeAt = this.now();
      const sizeBytes = await writeArchive({ db: this.db, storage: this.opts.storage, scope, key, plan, madeAt, signal: stop.signal, progress: (n) => (done += n) });
      clearInterval(timer);
      await speaking;
      const expiresAt = new Date(this.now().getTime() + ARCHIVE_DAYS * DAY_MS);
      const ready = await this.db.transaction(async (tx) => {
        const held = await repo.whileHeld(tx, scope, row.id, token, {
          status: 'ready',
          done: total,
          total,
          storageKey: key,
          sizeBytes,
          finishedAt: this.now(),
          expiresAt,
          claimToken: null,
          claimedUntil: null,
        });
        if (held) await this.mailReady(tx, row, expiresAt);
        return held;
      });
      if (!ready) await this.opts.storage.delete(key);
    } catch (err) {
      clearInterval(timer);
      await speaking;
      await this.opts.storage.delete(key).catch(() => undefined);
      if (stop.signal.aborted && stop.signal.reason instanceof HoldLost) return;
      // Tried again after a while, or given up after MAX_ATTEMPTS.
      await repo.whileHeld(
        this.db,
        scope,
        row.id,
        token,
        row.attempts >= MAX_ATTEMPTS
          ? { status: 'failed', error: TEXT.failedReason, finishedAt: this.now(), claimToken: null, claimedUntil: null }
          : { claimToken: null, claimedUntil: new Date(this.now().getTime() + RETRY_MS) },
      );
      throw err;
    } finally {
      clearInterval(timer);
    }
  }

  private async mailReady(tx: Executor, row: ArchiveRow, expiresAt: Date): Promise<void> {
    const account = await accountsRepository.findById(tx, row.accountId);
    try {
      await this.opts.mail.queue(tx, archiveReadyMail({ to: row.notifyEmail, name: row.requestedByName, accountName: account?.name ?? '', appUrl: this.opts.appUrl, expiresAt }));
    } catch (err) {
      // Without the product's mail the archive is still ready on the account page.
      if (!(err instanceof EmailNotSetUpError)) throw err;
    }
  }

  /**
   * The expiry job (every 15 minutes, main.ts): ready archives past their days lose their file and
   * are marked expired; archives begun MAX_ATTEMPTS times whose last worker went quiet are failed.
   */
  async expire(now = this.now()): Promise<number> {
    let expired = 0;
    for (const row of await repo.expiredBy(this.db, now, 100)) {
      // The file first: a removal that fails leaves the row to be tried again at the next run.
      if (row.storageKey) await this.opts.storage.delete(row.storageKey);
      if (await repo.setStatus(this.db, { accountId: row.accountId }, row.id, 'ready', { status: 'expired', storageKey: null })) expired++;
    }
    for (const row of await repo.abandonedBy(this.db, now, 100)) {
      await repo.setStatus(this.db, { accountId: row.accountId }, row.id, 'preparing', { status: 'failed', error: TEXT.failedReason, finishedAt: now, claimToken: null, claimedUntil: null });
    }
    return expired;
  }
}
