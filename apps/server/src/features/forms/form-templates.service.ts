import { formSchemaOf, type FormField, type FormPurpose, type FormTemplate, type FormTemplateInput } from '@willow/contracts';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { addOnsRepository } from '../add-ons/index.js';
import { TenantCrudService } from '../../platform/crud.js';
import { HttpError, badRequest } from '../../platform/errors.js';
import { checkTemplate, describeProblem, limitProblem } from '../../platform/template-engine.js';
import type { AuditService } from '../audit/index.js';
import { locationOwnership } from '../locations/index.js';
import type { formTemplates } from './forms.table.js';
import { canonicalJson } from './form-version.js';
import { formRequestsRepository } from './forms.repository.js';
import { formTemplateListOptions, formTemplatesRepository, type FormTemplateRow } from './form-templates.repository.js';

type Input = z.output<typeof FormTemplateInput>;
type Query = { locationId?: string | undefined };

export const toFormTemplate = (r: FormTemplateRow): FormTemplate => ({
  id: r.id,
  locationId: r.locationId,
  name: r.name,
  description: r.description,
  purpose: r.purpose as FormPurpose,
  fields: r.fields as FormField[],
  schema: r.schema,
  uiSchema: r.uiSchema,
  version: r.version,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * A consent clause is a template the client's data fills in when the form is opened: its problems
 * (syntax, fields a form does not offer) are refused when it is saved, naming the field and line
 * (400), and so is a clause over the render limits with sample data (422), which would otherwise
 * cost every opening of the form's link.
 */
async function checkClauses(fields: readonly FormField[]): Promise<void> {
  for (const [i, f] of fields.entries()) {
    if (f.type !== 'consent' || !f.text) continue;
    const problem = checkTemplate(f.text, 'form')[0];
    if (problem) throw badRequest(`fields.${i}.text: ${describeProblem(problem)}`);
    const overLimit = await limitProblem(f.text, 'form');
    if (overLimit) throw new HttpError(422, `fields.${i}.text: ${describeProblem(overLimit)}`);
  }
}

/** An add-on a field's answer asks for is one the form's location offers (decision 0185). */
async function checkMappedAddOns(ex: Executor, scope: Scope, locationId: string, fields: readonly FormField[]): Promise<void> {
  const ids = fields.flatMap((f) => (f.mappings ?? []).flatMap((m) => (m.addOnId ? [m.addOnId] : [])));
  if (ids.length === 0) return;
  const found = new Map((await addOnsRepository.findByIds(ex, scope, ids)).map((a) => [a.id, a]));
  for (const [i, f] of fields.entries()) {
    for (const [j, m] of (f.mappings ?? []).entries()) {
      if (m.addOnId && found.get(m.addOnId)?.locationId !== locationId) {
        throw badRequest(`fields.${i}.mappings.${j}.addOnId: this add-on is not offered at this location`);
      }
    }
  }
}

/** The fields as saved, with the schemas derived from them. */
async function withSchemas(ex: Executor, scope: Scope, locationId: string, fields: FormField[]) {
  await checkClauses(fields);
  await checkMappedAddOns(ex, scope, locationId, fields);
  return { fields, ...formSchemaOf(fields) };
}

/** Form templates (SPEC §3): fields stored with their JSON Schema and UI schema; a change of fields is a new version. */
export class FormTemplatesService extends TenantCrudService<typeof formTemplates, FormTemplate, Input, Partial<Input>, Query> {
  constructor(db: Db, audit: AuditService) {
    super(db, audit, {
      entityType: 'formTemplate',
      repository: formTemplatesRepository,
      toEntities: async (_ex, _scope, rows) => rows.map(toFormTemplate),
      listOptions: formTemplateListOptions,
      location: locationOwnership,
      prepareCreate: async (ex, caller, input) => ({ ...input, ...(await withSchemas(ex, caller, input.locationId, input.fields)), version: 1 }),
      preparePatch: async (ex, scope, input, existing) => {
        if (input.fields === undefined) return input;
        // Submissions record the version they answered: only a real change of fields makes a new one.
        const changed = canonicalJson(input.fields) !== canonicalJson(existing.fields);
        return { ...input, ...(await withSchemas(ex, scope, input.locationId ?? existing.locationId, input.fields)), ...(changed && { version: existing.version + 1 }) };
      },
      // Its links stop working; what was submitted through them stays, with its own copy of the fields.
      beforeRemove: (ex, scope, existing) => formRequestsRepository.removeForTemplate(ex, scope, existing.id),
    });
  }
}
