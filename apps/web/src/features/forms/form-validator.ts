import { answersSchemaOf, FORM_LONG_TEXT_MAX, FORM_TEXT_MAX } from '@willow/contracts';
import type { FormField } from '@willow/contracts';
import { createErrorHandler, toErrorSchema, unwrapErrorHandler, validationDataMerge } from '@rjsf/utils';
import type { CustomValidator, ErrorTransformer, RJSFSchema, RJSFValidationError, UiSchema, ValidationData, ValidatorType } from '@rjsf/utils';
import type { z } from 'zod';

type Answers = Record<string, unknown>;

/**
 * What a person reads under a field the check refused, by the field's type: the question was left
 * unanswered, or the answer is not one the form takes.
 */
function messageFor(field: FormField, value: unknown): string {
  const missing = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  switch (field.type) {
    case 'signature':
      return missing ? 'Please sign here' : 'Please clear the signature and sign again';
    case 'consent':
      return 'Please tick the box to give your consent';
    case 'choice':
      return missing ? 'Please choose one' : 'Please choose one of the options';
    case 'date':
      return missing ? 'Please enter a date' : 'Please enter a valid date';
    case 'number':
      return 'Please enter a number';
    case 'text':
      return missing ? 'Please answer this question' : `Please keep this under ${FORM_TEXT_MAX} characters`;
    case 'longText':
      return missing ? 'Please answer this question' : `Please keep this under ${FORM_LONG_TEXT_MAX} characters`;
    case 'checkbox':
      return 'Please tick or untick the box';
  }
}

/** The answers without the blanks the form library leaves for untouched optional fields. */
function defined(answers: Answers | undefined): Answers {
  return Object.fromEntries(Object.entries(answers ?? {}).filter(([, v]) => v !== undefined));
}

/**
 * The check the form library runs before a form is sent, made from the form's fields rather than
 * from its JSON Schema: @rjsf's own validator compiles schemas into code at run time, which the
 * portal's Content-Security-Policy (script-src 'self', no eval) forbids. It is the very check the
 * server applies (answersSchemaOf), so the page refuses exactly what the server would, and words
 * the refusal per field for the person filling it in (docs/decisions/0102).
 */
export class FieldsValidator implements ValidatorType<Answers, RJSFSchema> {
  private readonly check: z.ZodType;
  private readonly byKey: Map<string, FormField>;

  constructor(private readonly fields: readonly FormField[]) {
    this.check = answersSchemaOf(fields);
    this.byKey = new Map(fields.map((f) => [f.key, f]));
  }

  /** One error per field, in the form's order. */
  private errorsOf(answers: Answers | undefined): RJSFValidationError[] {
    const values = defined(answers);
    const parsed = this.check.safeParse(values);
    if (parsed.success) return [];
    const failing = new Set<string>();
    const unknown: string[] = [];
    for (const issue of parsed.error.issues) {
      // strictObject reports answers to no field as one issue at the top, naming them.
      if (issue.code === 'unrecognized_keys') unknown.push(...issue.keys);
      else if (issue.path.length > 0) failing.add(String(issue.path[0]));
    }
    const errors: RJSFValidationError[] = [];
    for (const field of this.fields) {
      if (!failing.has(field.key)) continue;
      const message = messageFor(field, values[field.key]);
      errors.push({ name: field.type, property: `.${field.key}`, message, stack: `${field.label}: ${message}`, title: field.label });
    }
    for (const key of unknown) errors.push({ name: 'additionalProperties', property: '', message: `No question is called ${key}`, stack: `No question is called ${key}` });
    return errors;
  }

  validateFormData(
    formData: Answers | undefined,
    _schema: RJSFSchema,
    customValidate?: CustomValidator<Answers, RJSFSchema>,
    transformErrors?: ErrorTransformer<Answers, RJSFSchema>,
    uiSchema?: UiSchema<Answers, RJSFSchema>,
  ): ValidationData<Answers> {
    let errors = this.errorsOf(formData);
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    const errorSchema = toErrorSchema<Answers>(errors);
    if (!customValidate) return { errors, errorSchema };
    const data = formData ?? {};
    const own = unwrapErrorHandler<Answers>(customValidate(data, createErrorHandler<Answers>(data), uiSchema));
    return validationDataMerge<Answers>({ errors, errorSchema }, own);
  }

  /**
   * Whether data fits a schema. The library asks it only to pick among oneOf/anyOf branches and
   * if/then conditions, which formSchemaOf never writes; for the form itself and for one of its
   * questions the answer is the fields' own check.
   */
  isValid(schema: RJSFSchema, formData: unknown, rootSchema: RJSFSchema): boolean {
    if (schema === rootSchema) return this.errorsOf(formData as Answers).length === 0;
    const properties = (rootSchema.properties ?? {}) as Record<string, unknown>;
    const key = Object.keys(properties).find((k) => properties[k] === schema);
    const field = key === undefined ? undefined : this.byKey.get(key);
    if (!field) return false;
    return answersSchemaOf([{ ...field, required: true }]).safeParse({ [field.key]: formData }).success;
  }

  rawValidation<Result = unknown>(_schema: RJSFSchema, formData?: Answers): { errors?: Result[]; validationError?: Error } {
    const errors = this.errorsOf(formData);
    return errors.length ? { errors: errors as Result[] } : {};
  }
}
