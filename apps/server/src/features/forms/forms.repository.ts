import { and, desc, eq, gt, isNotNull, isNull, lte, type SQL } from 'drizzle-orm';
import type { FormRequestState, FormSubmissionView } from '@willow/contracts';
import type { Executor } from '../../db/client.js';
import { tenantRepository, type ListOptions, type Scope } from '../../platform/tenant-repository.js';
import { formRequests, formSubmissions } from './forms.table.js';

const requests = tenantRepository(formRequests);
const submissions = tenantRepository(formSubmissions);
export type FormRequestRow = typeof formRequests.$inferSelect;
export type FormSubmissionRow = typeof formSubmissions.$inferSelect;

export const formRequestsRepository = {
  ...requests,

  /** A client's links never answered, before the client goes: nothing was signed through them (decision 0155). */
  async removeOpenOfClient(ex: Executor, scope: Scope, clientId: string): Promise<void> {
    await requests.removeWhere(ex, scope, and(eq(formRequests.clientId, clientId), isNull(formRequests.submittedAt)));
  },

  /** An appointment's or a client's requests, newest first, with the submission each led to. */
  async listFor(
    ex: Executor,
    scope: Scope,
    q: { appointmentId?: string | undefined; clientId?: string | undefined; state?: FormRequestState | undefined },
    now: Date,
  ) {
    const state: Record<FormRequestState, SQL> = {
      submitted: isNotNull(formRequests.submittedAt),
      pending: and(isNull(formRequests.submittedAt), gt(formRequests.expiresAt, now))!,
      expired: and(isNull(formRequests.submittedAt), lte(formRequests.expiresAt, now))!,
    };
    return requests
      .select(
        ex,
        scope,
        {
          request: formRequests,
          // named: an unnamed `(select "id" …)` is a second "id", ambiguous in the shard's `order by "id"` on Citus
          submissionId: submissions
            .valueFor<string | null>(scope, formRequests, formSubmissions.id, eq(formSubmissions.formRequestId, formRequests.id))
            .as('submission_id'),
        },
        and(
          q.appointmentId ? eq(formRequests.appointmentId, q.appointmentId) : undefined,
          q.clientId ? eq(formRequests.clientId, q.clientId) : undefined,
          q.state ? state[q.state] : undefined,
        ),
      )
      .orderBy(desc(formRequests.createdAt), desc(formRequests.id));
  },

  /**
   * A template's requests, before the template goes: deleted here rather than by the cascade, so
   * the submissions that name them are cleared first (their optional reference) and are kept.
   */
  async removeForTemplate(ex: Executor, scope: Scope, formTemplateId: string): Promise<void> {
    await requests.removeWhere(ex, scope, eq(formRequests.formTemplateId, formTemplateId));
  },

  /**
   * Uses the link up: one conditional statement, in the submission's transaction, so of two
   * submissions at once exactly one finds it still open. Answers whether this one did.
   */
  async markSubmitted(ex: Executor, scope: Scope, id: string, at: Date): Promise<boolean> {
    const changed = await requests.updateWhere(
      ex,
      scope,
      and(eq(formRequests.id, id), isNull(formRequests.submittedAt), gt(formRequests.expiresAt, at)),
      { submittedAt: at },
    );
    return changed === 1;
  },
};

const VIEW: Record<FormSubmissionView, SQL> = {
  unread: and(eq(formSubmissions.status, 'unread'), isNull(formSubmissions.deletedAt))!,
  read: and(eq(formSubmissions.status, 'read'), isNull(formSubmissions.deletedAt))!,
  deleted: isNotNull(formSubmissions.deletedAt),
};

export const formSubmissionsRepository = {
  ...submissions,

  /** Whether a submission (also one moved to Deleted, which is kept) names the client, the patient or the document (decision 0155). */
  anyFor: (ex: Executor, scope: Scope, of: { clientId: string } | { patientId: string } | { documentId: string }): Promise<boolean> =>
    submissions.exists(
      ex,
      scope,
      'clientId' in of
        ? eq(formSubmissions.clientId, of.clientId)
        : 'patientId' in of
          ? eq(formSubmissions.patientId, of.patientId)
          : eq(formSubmissions.documentId, of.documentId),
    ),

  /** One view (unread, read, deleted), newest first, optionally of a location, client or appointment. */
  listOptions(q: {
    view: FormSubmissionView;
    locationId?: string | undefined;
    clientId?: string | undefined;
    appointmentId?: string | undefined;
  }): ListOptions {
    return {
      where: and(
        VIEW[q.view],
        q.locationId ? eq(formSubmissions.locationId, q.locationId) : undefined,
        q.clientId ? eq(formSubmissions.clientId, q.clientId) : undefined,
        q.appointmentId ? eq(formSubmissions.appointmentId, q.appointmentId) : undefined,
      ),
      orderBy: [desc(formSubmissions.submittedAt), desc(formSubmissions.id)],
    };
  },

  /** An appointment's submissions not moved to Deleted, newest first (the latest few: a form is sent a handful of times at most). */
  ofAppointment: (ex: Executor, scope: Scope, appointmentId: string): Promise<FormSubmissionRow[]> =>
    submissions.list(ex, scope, {
      where: and(eq(formSubmissions.appointmentId, appointmentId), isNull(formSubmissions.deletedAt)),
      orderBy: [desc(formSubmissions.submittedAt), desc(formSubmissions.id)],
      limit: 20,
    }),

  /** Records who accepted its choices, only if nobody has: false when someone already did. */
  async markChoicesAccepted(ex: Executor, scope: Scope, id: string, userId: string, at: Date): Promise<boolean> {
    const changed = await submissions.updateWhere(ex, scope, and(eq(formSubmissions.id, id), isNull(formSubmissions.choicesAcceptedAt)), {
      choicesAcceptedAt: at,
      choicesAcceptedById: userId,
    });
    return changed === 1;
  },

  /** The menu badge: unread, not deleted, at a location (or anywhere in the account). */
  countUnread(ex: Executor, scope: Scope, locationId: string | undefined): Promise<number> {
    return submissions.count(ex, scope, and(VIEW.unread, locationId ? eq(formSubmissions.locationId, locationId) : undefined));
  },
};
