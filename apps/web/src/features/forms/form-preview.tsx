import { useMemo, useState } from 'react';
import { Alert, Box, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { FormField, formSchemaOf, previewTemplate } from '@willow/contracts';
import type { FormField as Field } from '@willow/contracts';
import { api } from '../../lib/http-client';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { ClientForm } from './client-form';
import type { FormAnswers } from './client-form';
import { choicesOf, keyFromLabel } from './form-field-drafts';
import type { FieldDraft } from './form-field-drafts';

/**
 * The fields as the client would get them while they are still being written: a question without
 * a label yet shows as one, a key not valid yet (or taken twice) is made one, so the preview never
 * breaks while someone types. What is saved is checked by the contract, not by this.
 */
export function previewFields(drafts: readonly FieldDraft[], clauses: Record<string, string> = {}): Field[] {
  const taken = new Set<string>();
  return drafts.map((d, index) => {
    let key = FormField.shape.key.safeParse(d.key).success ? d.key : keyFromLabel(d.label) || `field${index + 1}`;
    while (taken.has(key)) key = `${key}_`;
    taken.add(key);
    return {
      key,
      type: d.type,
      label: d.label.trim() || 'Untitled question',
      required: d.required,
      help: d.help.trim() || null,
      options: d.type === 'choice' ? [...new Set(choicesOf(d.choices))] : [],
      text: d.type === 'consent' ? (clauses[d.id] ?? d.text) : null,
    };
  });
}

/**
 * The consent clauses with their merge fields filled from sample data, as the client reads them,
 * and what is wrong in them (an unknown field, a syntax error) by line. Until the server has
 * answered (or when it cannot), the clause shows as written.
 */
function useRenderedClauses(drafts: readonly FieldDraft[]) {
  const parts = useMemo(() => Object.fromEntries(drafts.filter((d) => d.type === 'consent' && d.text.trim()).map((d) => [d.id, d.text])), [drafts]);
  const settled = useDebouncedValue(parts, 400);
  const preview = useQuery({
    queryKey: ['formTemplates', 'clausePreview', settled],
    queryFn: ({ signal }) => api(previewTemplate, { body: { data: { kind: 'form', parts: settled } }, signal }),
    enabled: Object.keys(settled).length > 0,
    staleTime: Infinity,
    retry: false,
  });
  return { clauses: preview.data?.parts ?? {}, problems: preview.data?.problems ?? [] };
}

/** The form exactly as the client sees it (same renderer and check as the public page), filled with sample data. */
export function FormPreview({ drafts, title, description }: { drafts: readonly FieldDraft[]; title: string; description: string }) {
  const { clauses, problems } = useRenderedClauses(drafts);
  const fields = useMemo(() => previewFields(drafts, clauses), [drafts, clauses]);
  const { schema, uiSchema } = useMemo(() => formSchemaOf(fields), [fields]);
  const [answers, setAnswers] = useState<FormAnswers>({});
  const labelOf = (id: string) => drafts.find((d) => d.id === id)?.label || 'a consent clause';
  return (
    <Box component="section" aria-label="Preview">
      <Typography variant="overline" component="h2" sx={{ color: 'text.secondary' }}>
        Preview: what the client sees
      </Typography>
      <Paper
        variant="outlined"
        sx={{ p: 2, maxWidth: 480 }}
        // Enter in a preview question is someone trying the form, not asking to save the template.
        onKeyDown={(event) => {
          if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
        }}
      >
        <Typography variant="h6" component="p">
          {title.trim() || 'Untitled form'}
        </Typography>
        {description.trim() && (
          <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'pre-wrap', mb: 1 }}>
            {description}
          </Typography>
        )}
        {problems.length > 0 && (
          <Alert severity="warning" sx={{ my: 1 }}>
            {problems.map((p) => (
              <Box key={`${p.part}-${p.line}-${p.message}`}>
                In “{labelOf(p.part)}”{p.line !== null ? `, line ${p.line}` : ''}: {p.message}
              </Box>
            ))}
          </Alert>
        )}
        {fields.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            The form’s questions appear here as you add them.
          </Typography>
        ) : (
          <ClientForm fields={fields} schema={schema} uiSchema={uiSchema} answers={answers} onAnswersChange={setAnswers} preview />
        )}
      </Paper>
    </Box>
  );
}
