import { aftercareLabels, FORM_MESSAGES, type SubmissionChoices } from '@willow/contracts';
import { together, type Db, type Executor } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { conflict, notFound } from '../../platform/errors.js';
import { assertFiltersVisible } from '../../platform/list-filters.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { addOnsRepository } from '../add-ons/index.js';
import { addChoicesToAppointment, appointmentsRepository } from '../appointments/index.js';
import type { AuditService } from '../audit/index.js';
import { usersRepository } from '../users/index.js';
import { formSubmissionsRepository, type FormSubmissionRow } from './forms.repository.js';
import { asksAnything, choicesAsked } from './submission-choices.rules.js';

const asked = (row: FormSubmissionRow) => choicesAsked(row.fields as Parameters<typeof choicesAsked>[0], row.answers);

/** A submission's choices as staff read them: the add-ons by their catalogue name and price, then the aftercare. */
async function toChoices(ex: Executor, scope: Scope, row: FormSubmissionRow): Promise<SubmissionChoices> {
  const choices = asked(row);
  const [catalogue, acceptedBy] = await together(ex, [
    () => addOnsRepository.findByIds(ex, scope, choices.addOnIds),
    () => (row.choicesAcceptedById ? usersRepository.findById(ex, scope, row.choicesAcceptedById) : Promise.resolve(undefined)),
  ] as const);
  const byId = new Map(catalogue.map((a) => [a.id, a]));
  const addOns = choices.addOnIds.flatMap((id) => {
    const a = byId.get(id);
    return a ? [{ addOnId: a.id, name: a.name, price: a.price }] : [];
  });
  return {
    submissionId: row.id,
    formName: row.formName,
    appointmentId: row.appointmentId,
    submittedAt: row.submittedAt.toISOString(),
    addOns,
    cremationType: choices.cremationType,
    ashesDisposition: choices.ashesDisposition,
    labels: [...addOns.map((a) => a.name), ...aftercareLabels(choices)],
    acceptedAt: row.choicesAcceptedAt?.toISOString() ?? null,
    acceptedBy: acceptedBy ? { id: acceptedBy.id, name: `${acceptedBy.firstName} ${acceptedBy.lastName}`.trim() } : null,
  };
}

/**
 * What a family chose on a form (a paw print, an urn, private cremation, ashes returned) reaches
 * its appointment (decision 0185): the submission says what its answers ask for, and staff accept
 * it once, which adds the add-ons with their prices and sets the aftercare in one transaction.
 * Forms sit above appointments and add-ons, so they act on them directly.
 */
export class SubmissionChoicesService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
  ) {}

  async ofSubmission(auth: AuthContext, id: string): Promise<SubmissionChoices> {
    const row = await formSubmissionsRepository.findById(this.db, auth, id);
    if (!row) throw notFound();
    return toChoices(this.db, auth, row);
  }

  /** The latest submission of the appointment whose answers ask for anything; null when none does. */
  async ofAppointment(auth: AuthContext, appointmentId: string): Promise<{ choices: SubmissionChoices | null }> {
    await assertFiltersVisible(this.db, auth, [[appointmentsRepository, appointmentId]]);
    const rows = await formSubmissionsRepository.ofAppointment(this.db, auth, appointmentId);
    const row = rows.find((r) => asksAnything(asked(r)));
    return { choices: row ? await toChoices(this.db, auth, row) : null };
  }

  async accept(auth: AuthContext, id: string): Promise<SubmissionChoices> {
    return this.db.transaction(async (tx) => {
      // Locked: two clicks at once accept once, the second finds it accepted.
      const row = await formSubmissionsRepository.findById(tx, auth, id, { lock: 'update' });
      if (!row) throw notFound();
      if (row.choicesAcceptedAt) throw conflict(FORM_MESSAGES.choicesAlreadyAccepted);
      if (!row.appointmentId) throw conflict(FORM_MESSAGES.choicesNoAppointment);
      const choices = asked(row);
      if (!asksAnything(choices)) throw conflict(FORM_MESSAGES.choicesNone);
      await addChoicesToAppointment(tx, auth, this.audit, row.appointmentId, choices);
      const at = new Date();
      if (!(await formSubmissionsRepository.markChoicesAccepted(tx, auth, id, auth.userId, at))) throw conflict(FORM_MESSAGES.choicesAlreadyAccepted);
      const accepted = { ...row, choicesAcceptedAt: at, choicesAcceptedById: auth.userId };
      await this.audit.record(tx, auth, [{ entityType: 'formSubmission', entityId: id, action: 'update', before: row, after: accepted }]);
      return toChoices(tx, auth, accepted);
    });
  }
}
