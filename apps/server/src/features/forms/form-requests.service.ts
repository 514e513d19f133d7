// Security-critical: the public form page (docs/decisions/0097, 0101). A link is found by its
// account and request id (the tenant key) and believed only when its secret matches the stored
// hash; wrong, expired and used links are refused alike. A submission uses the link up in its own
// transaction, so a form is submitted once.
import {
  answersSchemaOf,
  FORM_MESSAGES,
  formSchemaOf,
  type FormField,
  type FormPurpose,
  type FormRequest,
  type FormRequestChannel,
  type FormRequestCreated,
  type FormRequestInput,
  type FormRequestListQuery,
  type PublicForm,
  type PublicFormSubmission,
} from '@willow/contracts';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { printableImage } from '../../platform/pdf-renderer.js';
import { assertFiltersVisible } from '../../platform/list-filters.js';
import type { Scope } from '../../platform/tenant-repository.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { EstimatesService } from '../invoices/index.js';
import { appointmentsRepository, type AppointmentRow } from '../appointments/index.js';
import type { AuditService } from '../audit/index.js';
import { takeRate } from '../auth/index.js';
import { clientsRepository, type ClientRow } from '../clients/index.js';
import { type CommunicationsService, toE164 } from '../communications/index.js';
import { patientsRepository, type PatientRow } from '../patients/index.js';
import { usersRepository } from '../users/index.js';
import { assertLinkUsable, formLinkExpiry, formLinkRefused, formLinkUrl, newFormSecret } from './form-links.js';
import type { FormTexts } from './form-merge-data.js';
import { formTemplatesRepository, type FormTemplateRow } from './form-templates.repository.js';
import { versionHashOf } from './form-version.js';
import type { FormSubmissionPdf } from './form-submission-pdf.js';
import { formRequestsRepository, formSubmissionsRepository, type FormRequestRow } from './forms.repository.js';

type Input = z.output<typeof FormRequestInput>;
type ListQuery = z.output<typeof FormRequestListQuery>;
type Submission = z.output<typeof PublicFormSubmission>;

/** Who submitted: the client IP as the app resolves it (behind the configured proxies) and the browser. */
export interface Submitter {
  ip: string;
  userAgent: string | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toFormRequest(r: FormRequestRow, template: { name: string; purpose: string } | undefined, submissionId: string | null, now: Date): FormRequest {
  return {
    id: r.id,
    locationId: r.locationId,
    formTemplateId: r.formTemplateId,
    formName: template?.name ?? '',
    purpose: (template?.purpose ?? 'general') as FormPurpose,
    clientId: r.clientId,
    patientId: r.patientId,
    appointmentId: r.appointmentId,
    channel: r.channel as FormRequestChannel,
    state: r.submittedAt ? 'submitted' : r.expiresAt <= now ? 'expired' : 'pending',
    expiresAt: r.expiresAt.toISOString(),
    submittedAt: iso(r.submittedAt),
    submissionId,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The form as a client sees it: consent clauses rendered with their data, and the hash of exactly that. */
interface ShownForm {
  template: FormTemplateRow;
  fields: FormField[];
  versionHash: string;
  client: ClientRow;
  patient: PatientRow | undefined;
  locationName: string;
  practiceName: string;
}

export class FormRequestsService {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      audit: AuditService;
      communications: CommunicationsService;
      mergeData: FormTexts;
      pdf: FormSubmissionPdf;
      appUrl: string;
      /** a consent form may be sent for an estimate of the client (billing is below forms) */
      estimates: Pick<EstimatesService, 'assertEstimateOf'>;
      /** tells 'form.submitted' (an estimate's consent form approves it) */
      events: DomainEventBus;
    },
  ) {
    // A submission's history starts here, at the public form; the staff's side of it is the CRUD kit's.
    deps.audit.registerRecord('formRequest', formRequestsRepository);
    deps.audit.registerRecord('formSubmission', formSubmissionsRepository);
  }

  // --- staff: sending a form, and what was sent ------------------------------------------------

  async create(auth: AuthContext, input: Input): Promise<FormRequestCreated> {
    const [template, client] = await Promise.all([
      formTemplatesRepository.findById(this.db, auth, input.formTemplateId),
      clientsRepository.findById(this.db, auth, input.clientId),
    ]);
    if (!template || !client) throw notFound();
    const patient = input.patientId ? await this.patientOf(auth, client, input.patientId) : undefined;
    const appointment = input.appointmentId ? await this.appointmentOf(auth, client, input.appointmentId) : undefined;
    if (input.estimateId) await this.deps.estimates.assertEstimateOf(this.db, auth, input.estimateId, client.id);
    if (input.channel !== 'device') {
      // A link nobody receives is no use: the channel must be ready before anything is written.
      const ready = (await this.deps.communications.channels(auth, client.id))[input.channel];
      if (!ready.ready) throw conflict(ready.reason ?? FORM_MESSAGES.sendError);
    }
    const user = await usersRepository.findSignedIn(this.db, auth);
    const { secret, secretHash } = newFormSecret();
    const now = new Date();
    return this.db.transaction(async (tx) => {
      const row = await formRequestsRepository.insert(tx, auth, {
        locationId: appointment?.locationId ?? client.locationId,
        formTemplateId: template.id,
        clientId: client.id,
        patientId: patient?.id ?? null,
        appointmentId: appointment?.id ?? null,
        estimateId: input.estimateId ?? null,
        channel: input.channel,
        secretHash,
        expiresAt: formLinkExpiry(now.getTime()),
        sentById: auth.userId,
      });
      const url = formLinkUrl(this.deps.appUrl, auth.accountId, row.id, secret);
      let messageId: string | null = null;
      if (input.channel !== 'device') {
        const text = await this.deps.mergeData.linkMessage(tx, auth, {
          channel: input.channel,
          url,
          formName: template.name,
          expiresAt: row.expiresAt,
          locationId: row.locationId,
          clientId: client.id,
          patientId: row.patientId,
          appointmentId: row.appointmentId,
          // a super administrator working in another account is not one of its staff
          staffUserId: auth.homeAccountId === auth.accountId ? auth.userId : null,
        });
        const message = await this.deps.communications.enqueue(tx, auth, {
          locationId: client.locationId,
          clientId: client.id,
          channel: input.channel,
          to: input.channel === 'email' ? client.email! : toE164(client.phone!),
          subject: text.subject,
          body: text.body,
          sentBy: user ? { id: user.id, name: `${user.firstName} ${user.lastName}` } : null,
        });
        messageId = message.id;
      }
      await this.deps.audit.record(tx, auth, [{ entityType: 'formRequest', entityId: row.id, action: 'create', after: { ...row, secretHash: undefined } }]);
      return { ...toFormRequest(row, template, null, now), url, messageId };
    });
  }

  async list(auth: AuthContext, q: ListQuery): Promise<FormRequest[]> {
    if (!q.appointmentId && !q.clientId) throw badRequest('clientId: is required (or appointmentId)');
    await assertFiltersVisible(this.db, auth, [
      [appointmentsRepository, q.appointmentId],
      [clientsRepository, q.clientId],
    ]);
    const now = new Date();
    const rows = await formRequestsRepository.listFor(this.db, auth, q, now);
    const templates = new Map(
      (await formTemplatesRepository.findByIds(this.db, auth, [...new Set(rows.map((r) => r.request.formTemplateId))])).map((t) => [t.id, t]),
    );
    return rows.map((r) => toFormRequest(r.request, templates.get(r.request.formTemplateId), r.submissionId, now));
  }

  private async patientOf(scope: Scope, client: ClientRow, patientId: string): Promise<PatientRow> {
    const patient = await patientsRepository.findById(this.db, scope, patientId);
    if (!patient) throw notFound();
    if (patient.clientId !== client.id) throw badRequest('patientId: not one of this client’s patients');
    return patient;
  }

  private async appointmentOf(scope: Scope, client: ClientRow, appointmentId: string): Promise<AppointmentRow> {
    const appointment = await appointmentsRepository.findById(this.db, scope, appointmentId);
    if (!appointment) throw notFound();
    if (appointment.clientId !== client.id) throw badRequest('appointmentId: not an appointment of this client');
    return appointment;
  }

  // --- the public page -------------------------------------------------------------------------

  /** The request a link names, when its secret is right and it is still open; the one refusal otherwise. */
  private async openRequest(ex: Executor, accountId: string, requestId: string, secret: string): Promise<FormRequestRow> {
    const request = await formRequestsRepository.findById(ex, { accountId }, requestId);
    return assertLinkUsable(request, secret);
  }

  /** The form of a request as its client sees it now. */
  private async shown(ex: Executor, scope: Scope, request: FormRequestRow): Promise<ShownForm> {
    const [template, client, patient] = await Promise.all([
      formTemplatesRepository.findById(ex, scope, request.formTemplateId),
      clientsRepository.findById(ex, scope, request.clientId),
      request.patientId ? patientsRepository.findById(ex, scope, request.patientId) : undefined,
    ]);
    // The template and client go with their requests (cascade): missing means the link is dead.
    if (!template || !client) throw formLinkRefused();
    const rendered = await this.deps.mergeData.renderClauses(ex, scope, template.fields as FormField[], request);
    const versionHash = versionHashOf({ formName: template.name, description: template.description, version: template.version, fields: rendered.fields });
    return { template, fields: rendered.fields, versionHash, client, patient, locationName: rendered.locationName, practiceName: rendered.practiceName };
  }

  async publicForm(accountId: string, requestId: string, secret: string, from: Submitter): Promise<PublicForm> {
    await takeRate(this.db, [{ limit: 'formViewPerIp', key: from.ip }]);
    const request = await this.openRequest(this.db, accountId, requestId, secret);
    const form = await this.shown(this.db, { accountId }, request);
    return {
      formName: form.template.name,
      description: form.template.description,
      purpose: form.template.purpose as FormPurpose,
      fields: form.fields,
      ...formSchemaOf(form.fields),
      locationName: form.locationName,
      practiceName: form.practiceName,
      clientName: `${form.client.firstName} ${form.client.lastName}`,
      patientName: form.patient?.name ?? null,
      needsSignerName: form.fields.some((f) => f.type === 'signature'),
      expiresAt: request.expiresAt.toISOString(),
      versionHash: form.versionHash,
    };
  }

  /**
   * A client submits the form: the answers are checked against the fields they were shown, the
   * PDF of the submission is made, and in one transaction the link is used up (one conditional
   * UPDATE: of two submissions at once one wins), the submission and its document are written.
   */
  async submit(accountId: string, requestId: string, input: Submission, from: Submitter): Promise<void> {
    await takeRate(this.db, [{ limit: 'formSubmitPerIp', key: from.ip }]);
    const scope: Scope = { accountId };
    const request = await this.openRequest(this.db, accountId, requestId, input.t);
    const form = await this.shown(this.db, scope, request);
    const refused = () => badRequest(FORM_MESSAGES.submitRefused);
    // The form changed since the page was opened: what was signed would not be what is stored.
    if (input.versionHash !== undefined && input.versionHash !== form.versionHash) throw refused();
    const parsed = answersSchemaOf(form.fields).safeParse(input.answers);
    if (!parsed.success) throw refused();
    const answers = parsed.data as Record<string, unknown>;
    const signatureField = form.fields.find((f) => f.type === 'signature');
    const image = signatureField ? (answers[signatureField.key] as string | undefined) : undefined;
    const signerName = input.signerName?.trim() ?? '';
    if (image && !signerName) throw refused();
    // The drawn signature is printed into the submission's PDF: it must decode as a whole PNG.
    if (image && (await printableImage(Buffer.from(image.slice(image.indexOf(',') + 1), 'base64'))) !== 'image/png') {
      throw badRequest(FORM_MESSAGES.signatureUnreadable);
    }
    const submittedAt = new Date();
    const signature = image ? { name: signerName, signedAt: submittedAt, ip: from.ip, userAgent: from.userAgent?.slice(0, 300) ?? null, image } : null;

    const document = await this.deps.pdf.render(this.db, scope, {
      formName: form.template.name,
      description: form.template.description,
      fields: form.fields,
      answers,
      client: form.client,
      patient: form.patient,
      locationId: request.locationId,
      locationName: form.locationName,
      practiceName: form.practiceName,
      versionHash: form.versionHash,
      formVersion: form.template.version,
      submittedAt,
      signature,
    });
    try {
      await this.db.transaction(async (tx) => {
        if (!(await formRequestsRepository.markSubmitted(tx, scope, request.id, submittedAt))) throw formLinkRefused();
        const caller = { accountId, userId: null };
        const stored = await this.deps.pdf.store(tx, caller, document, { clientId: request.clientId, patientId: request.patientId });
        const row = await formSubmissionsRepository.insert(tx, scope, {
          locationId: request.locationId,
          formRequestId: request.id,
          formTemplateId: form.template.id,
          formName: form.template.name,
          purpose: form.template.purpose,
          formVersion: form.template.version,
          versionHash: form.versionHash,
          fields: form.fields,
          answers,
          clientId: request.clientId,
          patientId: request.patientId,
          appointmentId: request.appointmentId,
          signature: signature?.image ?? null,
          signerName: signature?.name ?? null,
          signedAt: signature?.signedAt ?? null,
          signerIp: signature?.ip ?? null,
          signerUserAgent: signature?.userAgent ?? null,
          documentId: stored.id,
          status: 'unread',
          submittedAt,
        });
        await this.deps.audit.record(tx, caller, [
          { entityType: 'formSubmission', entityId: row.id, action: 'create', after: { ...row, signature: undefined, answers: undefined } },
        ]);
        // In the submission's transaction: a consent form sent for an estimate approves it (invoices subscribes).
        await this.deps.events.publish(tx, caller, 'form.submitted', {
          formRequestId: request.id,
          submissionId: row.id,
          locationId: request.locationId,
          clientId: request.clientId,
          patientId: request.patientId,
          appointmentId: request.appointmentId,
          estimateId: request.estimateId,
          submittedAt,
        });
      });
    } catch (err) {
      await this.deps.pdf.discard(document);
      throw err;
    }
  }
}
