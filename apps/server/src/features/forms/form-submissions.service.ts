import { FORM_MESSAGES, type FormField, type FormPurpose, type FormSubmission, type FormSubmissionListQuery, type FormSubmissionStatus, type FormSubmissionUpdate } from '@willow/contracts';
import type { z } from 'zod';
import { together, type Db, type Executor } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { TenantCrudService } from '../../platform/crud.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { badRequest, conflict } from '../../platform/errors.js';
import { assertFiltersVisible } from '../../platform/list-filters.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { appointmentsRepository } from '../appointments/index.js';
import type { AuditService } from '../audit/index.js';
import { clientsRepository } from '../clients/index.js';
import { locationOwnership, locationsRepository } from '../locations/index.js';
import { patientsRepository } from '../patients/index.js';
import { formRequestsRepository, formSubmissionsRepository, type FormSubmissionRow } from './forms.repository.js';
import type { formSubmissions } from './forms.table.js';

type Query = z.output<typeof FormSubmissionListQuery>;
type Update = z.output<typeof FormSubmissionUpdate>;

async function toSubmissions(ex: Executor, scope: Scope, rows: FormSubmissionRow[]): Promise<FormSubmission[]> {
  const [clients, patients] = await together(ex, [
    () => clientsRepository.findByIds(ex, scope, rows.map((r) => r.clientId)),
    () => patientsRepository.findByIds(ex, scope, rows.flatMap((r) => (r.patientId ? [r.patientId] : []))),
  ] as const);
  const clientNames = new Map(clients.map((c) => [c.id, `${c.firstName} ${c.lastName}`]));
  const patientNames = new Map(patients.map((p) => [p.id, p.name]));
  return rows.map((r) => ({
    id: r.id,
    locationId: r.locationId,
    formTemplateId: r.formTemplateId,
    formName: r.formName,
    purpose: r.purpose as FormPurpose,
    formVersion: r.formVersion,
    versionHash: r.versionHash,
    fields: r.fields as FormField[],
    answers: r.answers,
    client: { id: r.clientId, name: clientNames.get(r.clientId) ?? '' },
    patient: r.patientId ? { id: r.patientId, name: patientNames.get(r.patientId) ?? '' } : null,
    appointmentId: r.appointmentId,
    signature:
      r.signature && r.signedAt
        ? { name: r.signerName ?? '', signedAt: r.signedAt.toISOString(), ip: r.signerIp, userAgent: r.signerUserAgent, image: r.signature }
        : null,
    documentId: r.documentId,
    status: r.status as FormSubmissionStatus,
    submittedAt: r.submittedAt.toISOString(),
    deletedAt: r.deletedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/**
 * What clients submitted (SPEC §3, §7): immutable apart from its status and deletedAt. Updating
 * sets the status and clears deletedAt; deleting only sets deletedAt (a signed consent is kept).
 * Submissions are written by the public form (FormRequestsService.submit), never here.
 */
export class FormSubmissionsService extends TenantCrudService<typeof formSubmissions, FormSubmission, never, Update, Query> {
  constructor(db: Db, audit: AuditService, events: DomainEventBus) {
    super(db, audit, {
      entityType: 'formSubmission',
      repository: formSubmissionsRepository,
      toEntities: toSubmissions,
      listOptions: (q) => formSubmissionsRepository.listOptions(q),
      paged: true,
      listFilters: (q) => [
        [clientsRepository, q.clientId],
        [appointmentsRepository, q.appointmentId],
      ],
      location: locationOwnership,
      prepareCreate: async () => {
        throw new Error('form submissions are created by the public form only');
      },
      // Only these two: the answers, fields and signature never change.
      preparePatch: async (_ex, _scope, input, existing) => {
        if (input.id !== undefined && input.id !== existing.id) throw badRequest('id: must be the id of the submission updated');
        return { status: input.status, deletedAt: null };
      },
    });
    // What a client submitted and signed is kept with whom it names and with its signed copy (decision
    // 0155). A link never answered holds nothing: it goes with its client.
    events.on('client.deleting', 'forms', async (tx, caller, { clientId }) => {
      if (await formSubmissionsRepository.anyFor(tx, caller, { clientId })) throw conflict(FORM_MESSAGES.clientHasSubmissions);
      await formRequestsRepository.removeOpenOfClient(tx, caller, clientId);
    });
    events.on('patient.deleting', 'forms', async (tx, caller, { patientId }) => {
      if (await formSubmissionsRepository.anyFor(tx, caller, { patientId })) throw conflict(FORM_MESSAGES.patientHasSubmissions);
    });
    events.on('document.deleting', 'forms', async (tx, caller, { documentId }) => {
      if (await formSubmissionsRepository.anyFor(tx, caller, { documentId })) throw conflict(FORM_MESSAGES.submissionDocument);
    });
  }

  /** Moves it to Deleted: deletedAt is set, the record stays. */
  override async remove(auth: AuthContext, id: string): Promise<void> {
    await this.applyPatch(auth, id, async (_tx, existing) => (existing.deletedAt ? {} : { deletedAt: new Date() }));
  }

  /** The menu badge: unread at a location (of the account: another's is not found). */
  async countUnread(auth: AuthContext, locationId: string | undefined): Promise<{ count: number }> {
    await assertFiltersVisible(this.db, auth, [[locationsRepository, locationId]]);
    return { count: await formSubmissionsRepository.countUnread(this.db, auth, locationId) };
  }
}
