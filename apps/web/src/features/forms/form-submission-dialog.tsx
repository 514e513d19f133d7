import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Link, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import DescriptionIcon from '@mui/icons-material/Description';
import DraftsIcon from '@mui/icons-material/Drafts';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import { Link as RouterLink } from 'react-router';
import { FORM_MESSAGES, FORM_PURPOSE_LABELS } from '@willow/contracts';
import type { FormSubmissionStatus } from '@willow/contracts';
import { formatDateTime } from '../../lib/dates';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { documentDownloadUrl } from '../documents/upload';
import { FormAnswers } from './form-answers';
import { useDeleteFormSubmission, useFormSubmission, useUpdateFormSubmission } from './forms.api';

interface FormSubmissionDialogProps {
  /** the submission shown; null: closed */
  submissionId: string | null;
  onClose: () => void;
}

/**
 * One submission as the client sent it: the answers by question, the signature with its evidence,
 * the PDF kept with the client's documents; and what staff do with it (read, unread, delete to the
 * Deleted list, restore from it). The answers themselves never change.
 */
export function FormSubmissionDialog({ submissionId, onClose }: FormSubmissionDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const submission = useFormSubmission(submissionId ?? undefined);
  const update = useUpdateFormSubmission();
  const remove = useDeleteFormSubmission();
  const busy = update.isPending || remove.isPending;
  const s = submission.data;

  const setStatus = (status: FormSubmissionStatus, then?: () => void) => {
    if (!s || busy) return;
    // Updating sets the status and clears deletedAt: Restore is an update too (SPEC §7).
    update.mutate(
      { id: s.id, data: { formSubmissionData: { id: s.id, status, deletedAt: null } } },
      {
        onSuccess: () => {
          notifySuccess(FORM_MESSAGES.updated);
          then?.();
        },
        onError: (e) => notifyError(FORM_MESSAGES.updateError, e),
      },
    );
  };
  // Deleted and restored, it leaves the list it was opened from: the dialog closes with it.
  const moveToDeleted = () => {
    if (!s || busy) return;
    remove.mutate(s.id, {
      onSuccess: () => {
        notifySuccess(FORM_MESSAGES.deleted);
        onClose();
      },
      onError: (e) => notifyError(FORM_MESSAGES.deleteError, e),
    });
  };

  let body;
  if (submission.isLoading) {
    body = (
      <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading the submission" />
      </Box>
    );
  } else if (!s) {
    body = <Alert severity="error">{submission.error?.message ?? 'This submission could not be loaded.'}</Alert>;
  } else {
    body = (
      <Stack spacing={2}>
        <Box>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {FORM_PURPOSE_LABELS[s.purpose]} · version {s.formVersion} · submitted {formatDateTime(s.submittedAt)}
          </Typography>
          <Typography variant="body2">
            Client:{' '}
            <Link component={RouterLink} to={`/clients/${s.client.id}`}>
              {s.client.name}
            </Link>
            {s.patient && (
              <>
                {' · '}Patient:{' '}
                <Link component={RouterLink} to={`/patients/${s.patient.id}`}>
                  {s.patient.name}
                </Link>
              </>
            )}
          </Typography>
          {s.deletedAt && (
            <Alert severity="info" sx={{ mt: 1 }}>
              Deleted {formatDateTime(s.deletedAt)}. The record is kept; Restore brings it back.
            </Alert>
          )}
        </Box>
        <Divider />
        <FormAnswers submission={s} />
        {s.documentId && (
          <>
            <Divider />
            <Box>
              <Button startIcon={<DescriptionIcon />} href={documentDownloadUrl(s.documentId, true)} target="_blank" rel="noopener">
                Open the PDF
              </Button>
              <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                Kept with the client’s documents
              </Typography>
            </Box>
          </>
        )}
      </Stack>
    );
  }

  return (
    <Dialog open={submissionId !== null} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="form-submission-title">
      <DialogTitle id="form-submission-title">{s?.formName ?? 'Form submission'}</DialogTitle>
      <DialogContent dividers>{body}</DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {s && !s.deletedAt && (
          <>
            <Button color="error" startIcon={<DeleteIcon />} onClick={moveToDeleted} sx={{ mr: 'auto' }}>
              Delete
            </Button>
            {/* One button that changes its words, not two that swap: the keyboard's focus stays on it. */}
            <Button
              startIcon={s.status === 'unread' ? <DraftsIcon /> : <MarkEmailUnreadIcon />}
              onClick={() => setStatus(s.status === 'unread' ? 'read' : 'unread')}
              aria-busy={update.isPending}
            >
              {s.status === 'unread' ? 'Mark read' : 'Mark unread'}
            </Button>
          </>
        )}
        {s?.deletedAt && (
          <Button startIcon={<RestoreFromTrashIcon />} onClick={() => setStatus(s.status, onClose)} sx={{ mr: 'auto' }}>
            Restore
          </Button>
        )}
        <Button variant="contained" onClick={onClose} disabled={busy}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
