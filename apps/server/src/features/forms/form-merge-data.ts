// The texts of a form that a client's data fills in: its consent clauses when the form is opened,
// and the email or SMS that carries its link. The data comes from the templates' merge context and
// every text goes through the one template engine.
import { FORM_MESSAGES, type FormField } from '@willow/contracts';
import type { Executor } from '../../db/client.js';
import { HttpError } from '../../platform/errors.js';
import { TemplateRenderError, describeProblem, renderTemplate } from '../../platform/template-engine.js';
import type { Scope } from '../../platform/tenant-repository.js';
import {
  formatLongDate,
  type MergeContextService,
  smsTemplatesRepository,
  smsTypeFilter,
  templateListOptions,
  smsTemplates,
} from '../templates/index.js';

/** What a form's texts are about. */
export interface FormSubject {
  locationId: string;
  clientId: string;
  patientId: string | null;
  appointmentId: string | null;
}

export interface LinkMessageInput extends FormSubject {
  channel: 'email' | 'sms';
  url: string;
  formName: string;
  expiresAt: Date;
  staffUserId: string | null;
}

const recordsOf = (s: FormSubject) => ({
  locationId: s.locationId,
  clientId: s.clientId,
  ...(s.patientId && { patientId: s.patientId }),
  ...(s.appointmentId && { appointmentId: s.appointmentId }),
});

export class FormTexts {
  constructor(private readonly merge: MergeContextService) {}

  /** The fields as the client sees them: each consent clause merged with their data. */
  async renderClauses(ex: Executor, scope: Scope, fields: readonly FormField[], s: FormSubject) {
    const data = await this.merge.build(scope, 'form', recordsOf(s), ex);
    const rendered: FormField[] = [];
    try {
      for (const f of fields) rendered.push(f.type === 'consent' && f.text ? { ...f, text: await renderTemplate(f.text, data) } : f);
    } catch (err) {
      // The practice's clause cannot run (a clause saved before the render limits were checked):
      // the client is told the form cannot be shown (422), never a server error.
      if (err instanceof TemplateRenderError) throw new HttpError(422, `${FORM_MESSAGES.cannotShow}: ${describeProblem(err)}`);
      throw err;
    }
    return { fields: rendered, locationName: data.location?.name ?? '', practiceName: data.practice?.name ?? '' };
  }

  /**
   * The message that carries the link. An SMS uses the location's "Form request" SMS template
   * (the first by name) when it has one, with the link as {{ link.form }}; otherwise, and for
   * email, the product's own words.
   */
  async linkMessage(ex: Executor, scope: Scope, m: LinkMessageInput): Promise<{ subject: string | null; body: string }> {
    const data = await this.merge.build(scope, m.channel, { ...recordsOf(m), staffUserId: m.staffUserId, links: { form: m.url } }, ex);
    const locationName = data.location?.name ?? '';
    const until = formatLongDate(m.expiresAt, data.location?.timezone ?? 'UTC');
    const about = data.patient?.name ? ` about ${data.patient.name}` : '';
    if (m.channel === 'sms') {
      const [template] = await smsTemplatesRepository.list(ex, scope, {
        ...templateListOptions(smsTemplates, { locationId: m.locationId }, smsTypeFilter('form_request')),
        limit: 1,
      });
      if (template) return { subject: null, body: await renderTemplate(template.body, data) };
      return { subject: null, body: `${locationName}: please fill in “${m.formName}”${about}: ${m.url} (until ${until})` };
    }
    return {
      subject: `${m.formName} — ${locationName}`,
      body: [
        `Hello ${data.client?.firstName ?? ''},`,
        '',
        `${locationName} asks you to fill in “${m.formName}”${about}. Open this link to fill it in:`,
        '',
        m.url,
        '',
        `The link works until ${until} and can be submitted once.`,
      ].join('\n'),
    };
  }
}
