// An SMS template filled from the records a person has in view, to start a text from
// (POST /api/smsTemplate/{id}/render; SMS chat's composer), like the email's (decision 0194).
// Security: the template and every record are read in the caller's account (404 otherwise), the
// records must belong together (400), and the answer is plain text: merged values as written.
import { MERGE_FIELD_GROUPS, TEMPLATE_MERGE_GROUPS, type RenderedSms, type RenderSmsTemplateInput } from '@willow/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { renderTemplate, TemplateRenderError } from '../../platform/template-engine.js';
import type { MergeContext, MergeContextService } from './merge-context.service.js';
import { smsTemplatesRepository } from './templates.repository.js';

export class SmsRenderService {
  constructor(
    private readonly db: Db,
    private readonly merge: MergeContextService,
  ) {}

  async render(auth: AuthContext, id: string, input: z.output<typeof RenderSmsTemplateInput>): Promise<RenderedSms> {
    const template = await smsTemplatesRepository.findById(this.db, auth, id);
    if (!template) throw notFound();
    const real = await this.merge.build(auth, 'sms', {
      // the conversation's location, not the client's home one, when the text goes out from another
      locationId: input.locationId,
      clientId: input.clientId,
      patientId: input.patientId,
      appointmentId: input.appointmentId,
      // someone helping from another account is not the practice's staff member
      staffUserId: auth.homeAccountId === auth.accountId ? auth.userId : null,
    });
    // A group no record fills is empty (a link not made yet): never a sample.
    const data: MergeContext = {};
    for (const group of TEMPLATE_MERGE_GROUPS.sms) {
      data[group] = real[group] ?? Object.fromEntries(Object.keys(MERGE_FIELD_GROUPS[group].fields).map((f) => [f, '']));
    }
    try {
      return { body: (await renderTemplate(template.body, data, { maxOutput: 10_000 })).trim() };
    } catch (err) {
      if (err instanceof TemplateRenderError) throw new HttpError(422, `The template could not be filled in: ${err.message}${err.line ? ` (line ${err.line})` : ''}`);
      throw err;
    }
  }
}
