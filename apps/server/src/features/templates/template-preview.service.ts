import {
  MERGE_FIELD_GROUPS,
  TEMPLATE_MERGE_GROUPS,
  sampleMergeData,
  smsSegments,
  type MergeFieldGroup,
  type TemplateKind,
  type TemplatePreview,
  type TemplatePreviewInput,
  type TemplateProblem,
} from '@willow/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access.js';
import { HttpError, badRequest } from '../../platform/errors.js';
import { TemplateRenderError, checkTemplate, describeProblem, renderTemplate } from '../../platform/template-engine.js';
import { renderMarkdownTemplate } from '../../platform/template-markdown.js';
import type { MergeContext, MergeContextService } from './merge-context.service.js';

/** The parts written in Markdown: they are also answered as HTML, under `<part>Html`. */
export const MARKDOWN_PARTS: Partial<Record<TemplateKind, readonly string[]>> = {
  email: ['body'],
  document: ['body'],
  pdf: ['header', 'footer'],
  invoice: ['notes'],
};
/** A form has a clause per consent field; no kind has more parts than this. */
const MAX_PARTS = 60;
/** Groups no record given to the preview can fill: they keep their samples. */
const SAMPLE_ONLY: readonly MergeFieldGroup[] = ['link', 'invoice'];

type Input = z.output<typeof TemplatePreviewInput>;

/**
 * Renders a template as it is being edited, with sample data or with the named records' data (the
 * signed-in user as the staff member), and answers its problems by part and line instead of failing;
 * only a part over the render limits is refused (422), as saving it would be.
 */
export class TemplatePreviewService {
  constructor(private readonly merge: MergeContextService) {}

  async preview(auth: AuthContext, input: Input): Promise<TemplatePreview> {
    const entries = Object.entries(input.parts);
    if (entries.length > MAX_PARTS) throw badRequest(`parts: must have at most ${MAX_PARTS} parts`);
    const data = await this.data(auth, input);
    const markdown = new Set(MARKDOWN_PARTS[input.kind] ?? []);
    const parts: Record<string, string> = {};
    const problems: TemplateProblem[] = [];
    for (const [part, source] of entries) {
      const found = checkTemplate(source, input.kind).map((p) => ({ part, ...p }));
      problems.push(...found);
      try {
        parts[part] = await renderTemplate(source, data);
        if (markdown.has(part)) parts[`${part}Html`] = await renderMarkdownTemplate(source, data);
      } catch (err) {
        if (!(err instanceof TemplateRenderError)) throw err;
        // Over the render limits it could not be saved either: refused outright (422), naming the part.
        if (err.overLimit) throw new HttpError(422, `parts.${part}: ${describeProblem(err)}`);
        parts[part] = '';
        if (markdown.has(part)) parts[`${part}Html`] = '';
        if (!found.some((p) => p.line === err.line && p.message === err.message)) problems.push({ part, line: err.line, message: err.message });
      }
    }
    return { parts, problems, smsSegments: input.kind === 'sms' ? smsSegments(parts.body ?? '').segments : null };
  }

  /** Samples, or the records' data: a record group the records do not fill is empty, not a sample. */
  private async data(auth: AuthContext, input: Input): Promise<MergeContext> {
    const sample = sampleMergeData(input.kind);
    if (!input.clientId && !input.patientId && !input.appointmentId && !input.locationId) return sample;
    const real = await this.merge.build(auth, input.kind, {
      locationId: input.locationId,
      clientId: input.clientId,
      patientId: input.patientId,
      appointmentId: input.appointmentId,
      staffUserId: auth.userId,
    });
    const data: MergeContext = {};
    for (const group of TEMPLATE_MERGE_GROUPS[input.kind]) {
      const empty = Object.fromEntries(Object.keys(MERGE_FIELD_GROUPS[group].fields).map((f) => [f, '']));
      data[group] = real[group] ?? (SAMPLE_ONLY.includes(group) ? sample[group]! : empty);
    }
    return data;
  }
}
