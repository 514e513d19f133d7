import { Box, Chip, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { FORM_PURPOSE_LABELS, FORM_REQUEST_CHANNEL_LABELS } from '@willow/contracts';
import type { FormRequest } from '@willow/contracts';
import { formatDateTime } from '../../lib/dates';

const STATE_CHIPS = {
  pending: { label: 'Sent', color: 'info' },
  submitted: { label: 'Submitted', color: 'success' },
  expired: { label: 'Expired', color: 'default' },
} as const;

interface FormRequestsListProps {
  requests: readonly FormRequest[];
  /** label of the list, e.g. 'Consent forms' */
  label: string;
  /** opens the submission a request led to */
  onOpenSubmission: (submissionId: string) => void;
}

/** Forms sent and what became of them: sent (waiting), submitted (open it), or expired unanswered. */
export function FormRequestsList({ requests, label, onOpenSubmission }: FormRequestsListProps) {
  return (
    <List dense disablePadding aria-label={label}>
      {requests.map((r) => {
        const chip = STATE_CHIPS[r.state];
        return (
          <ListItem key={r.id} disableGutters data-testid="form-request">
            <ListItemText
              primary={
                <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  {r.submissionId ? (
                    <Link component="button" type="button" onClick={() => onOpenSubmission(r.submissionId!)} sx={{ textAlign: 'left' }}>
                      {r.formName}
                    </Link>
                  ) : (
                    <span>{r.formName}</span>
                  )}
                  {r.purpose !== 'general' && <Typography component="span" variant="caption">({FORM_PURPOSE_LABELS[r.purpose]})</Typography>}
                  <Chip size="small" label={chip.label} color={chip.color} variant="outlined" />
                </Box>
              }
              secondary={
                r.submittedAt
                  ? `Submitted ${formatDateTime(r.submittedAt)} · sent by ${FORM_REQUEST_CHANNEL_LABELS[r.channel].toLowerCase()} ${formatDateTime(r.createdAt)}`
                  : `Sent by ${FORM_REQUEST_CHANNEL_LABELS[r.channel].toLowerCase()} ${formatDateTime(r.createdAt)} · ${r.state === 'expired' ? 'expired' : 'link works until'} ${formatDateTime(r.expiresAt)}`
              }
            />
          </ListItem>
        );
      })}
    </List>
  );
}
