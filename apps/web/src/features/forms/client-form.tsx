import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { Typography } from '@mui/material';
import { generateForm } from '@rjsf/mui';
import type { IChangeEvent } from '@rjsf/core';
import type { DescriptionFieldProps, RegistryWidgetsType, RJSFSchema, UiSchema } from '@rjsf/utils';
import { SIGNATURE_WIDGET } from '@willow/contracts';
import type { FormField } from '@willow/contracts';
import { FieldsValidator } from './form-validator';
import { SignatureWidget } from './signature-widget';

export type FormAnswers = Record<string, unknown>;

/** The MUI form, typed for answers keyed by the fields' keys. */
const Form = generateForm<FormAnswers, RJSFSchema>();

const widgets: RegistryWidgetsType<FormAnswers, RJSFSchema> = { [SIGNATURE_WIDGET]: SignatureWidget };

/** A consent clause keeps its paragraphs and line breaks as the practice wrote them. */
function DescriptionField({ id, description }: DescriptionFieldProps) {
  if (!description) return null;
  return (
    <Typography id={id} variant="body2" sx={{ mt: 0.5, mb: 1, whiteSpace: 'pre-wrap' }}>
      {description}
    </Typography>
  );
}
const templates = { DescriptionFieldTemplate: DescriptionField };

interface ClientFormProps {
  fields: readonly FormField[];
  schema: Record<string, unknown>;
  uiSchema: Record<string, unknown>;
  answers: FormAnswers;
  onAnswersChange: (answers: FormAnswers) => void;
  /** the answers passed the form's check */
  onSubmit?: (answers: FormAnswers) => void;
  /** the check refused the answers (the messages are under their fields) */
  onRefused?: () => void;
  disabled?: boolean;
  /**
   * Shown inside another form (the builder's preview): rendered without a form element of its own,
   * so Enter in a question cannot save the template around it.
   */
  preview?: boolean;
  /** what goes at the form's end instead of the library's submit button (e.g. the signer's name and Submit) */
  children?: ReactNode;
}

/**
 * A form as the client sees it: the template's JSON Schema and UI schema rendered by @rjsf with
 * MUI, the drawn signature widget, and the same check the server applies. The builder's preview
 * and the public page both show it, so the preview is what the client gets.
 */
export function ClientForm({ fields, schema, uiSchema, answers, onAnswersChange, onSubmit, onRefused, disabled, preview = false, children }: ClientFormProps) {
  const validator = useMemo(() => new FieldsValidator(fields), [fields]);
  return (
    <Form
      schema={schema as RJSFSchema}
      uiSchema={uiSchema as UiSchema<FormAnswers, RJSFSchema>}
      validator={validator}
      widgets={widgets}
      templates={templates}
      formData={answers}
      onChange={(event: IChangeEvent<FormAnswers>) => onAnswersChange(event.formData ?? {})}
      onSubmit={(event: IChangeEvent<FormAnswers>) => onSubmit?.(event.formData ?? {})}
      onError={() => onRefused?.()}
      disabled={disabled}
      tagName={preview ? 'div' : 'form'}
      // The messages are the page's own, under each question; the browser's bubbles would preempt them.
      noHtml5Validate
      showErrorList={false}
      focusOnFirstError
      // A required consent is `const: true` in the schema: it must start unticked, never as given.
      experimental_defaultFormStateBehavior={{ constAsDefaults: 'never' }}
    >
      {children ?? <></>}
    </Form>
  );
}
