import { Box, Typography } from '@mui/material';
import type { FormField, FormSubmission } from '@willow/contracts';
import { formatDate, formatDateTime } from '../../lib/dates';

/** One answer in words: what the client chose, typed or ticked; 'Not answered' when left out. */
export function answerText(field: FormField, value: unknown): string {
  if (value === undefined || value === null || value === '') return 'Not answered';
  switch (field.type) {
    case 'checkbox':
      return value === true ? 'Yes' : 'No';
    case 'consent':
      return value === true ? 'Given' : 'Not given';
    case 'date':
      return typeof value === 'string' ? formatDate(value) : String(value);
    case 'signature':
      return 'Signed';
    default:
      return String(value);
  }
}

/**
 * A submission's answers laid out by the questions' labels, in the form's order, as the client
 * answered the version they saw (the fields are kept with the submission); the signature with
 * who signed, when and from where.
 */
export function FormAnswers({ submission }: { submission: FormSubmission }) {
  const { fields, answers, signature } = submission;
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
      {fields.map((field) => (
        <Box key={field.key}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {field.label}
          </Typography>
          <Box component="dd" sx={{ m: 0 }}>
            {field.type === 'consent' && field.text && (
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', fontStyle: 'italic', mb: 0.5 }}>
                {field.text}
              </Typography>
            )}
            {field.type === 'signature' && signature ? (
              <Signature signature={signature} label={field.label} />
            ) : (
              <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {answerText(field, answers[field.key])}
              </Typography>
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function Signature({ signature, label }: { signature: NonNullable<FormSubmission['signature']>; label: string }) {
  return (
    <Box>
      <Box
        component="img"
        src={signature.image}
        alt={`${label} of ${signature.name}`}
        sx={{ display: 'block', maxWidth: '100%', width: 320, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
      />
      <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="signature-evidence">
        Signed by {signature.name} on {formatDateTime(signature.signedAt)}
        {signature.ip && ` from ${signature.ip}`}
      </Typography>
      {signature.userAgent && (
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', overflowWrap: 'anywhere' }}>
          {signature.userAgent}
        </Typography>
      )}
    </Box>
  );
}
