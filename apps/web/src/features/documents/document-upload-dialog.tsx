import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { DOCUMENT_MAX_BYTES, DOCUMENT_TYPES } from '@willow/contracts';
import type { Document } from '@willow/contracts';
import { TextInput } from '../../components/form-fields';
import { GuardedDialog } from '../../components/discard-guard';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { useInvalidateDocuments } from './documents.api';
import { PatientOfClientSelect } from './patient-of-client-select';
import { checkDocumentFile, formatBytes, uploadDocumentFile } from './upload';
import type { UploadHandle } from './upload';

interface DocumentUploadDialogProps {
  open: boolean;
  clientId: string;
  /** uploading from a patient's page: filed under that patient */
  patientId?: string;
  onClose: () => void;
}

const ACCEPT = Object.keys(DOCUMENT_TYPES).join(',');

export function DocumentUploadDialog({ open, clientId, patientId, onClose }: DocumentUploadDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const [forPatient, setForPatient] = useState(patientId ?? '');
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const upload = useRef<UploadHandle<Document> | null>(null);
  const invalidate = useInvalidateDocuments();

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setDescription('');
    setForPatient(patientId ?? '');
    setProgress(null);
    setProblem(undefined);
  }, [open, patientId]);

  const uploading = progress !== null;
  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setProblem(checkDocumentFile(chosen));
  };

  const start = () => {
    const invalid = checkDocumentFile(file);
    if (invalid || !file) {
      setProblem(invalid);
      return;
    }
    setProblem(undefined);
    setProgress(0);
    upload.current = uploadDocumentFile<Document>(
      { clientId, patientId: forPatient || undefined, description },
      file,
      setProgress,
    );
    upload.current.promise
      .then(() => {
        notifySuccess('Document uploaded');
        void invalidate();
        onClose();
      })
      .catch((error: unknown) => {
        setProgress(null);
        // Cancelling is the user's own choice; anything else stays in the dialog, as the server put it.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        setProblem(error instanceof Error ? error.message : String(error));
        notifyError('Error uploading document', error);
      })
      .finally(() => {
        upload.current = null;
      });
  };

  const cancel = () => {
    if (upload.current) upload.current.abort();
    else onClose();
  };

  return (
    <GuardedDialog open={open} dirty={file !== null || description.trim() !== ''} onClose={uploading ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle>Upload document</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Box>
            <input
              ref={input}
              type="file"
              accept={ACCEPT}
              hidden
              aria-label="File"
              onChange={(e) => {
                choose(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            <Button variant="outlined" startIcon={<AttachFileIcon />} onClick={() => input.current?.click()} disabled={uploading}>
              {file ? 'Choose another file' : 'Choose file'}
            </Button>
            <Typography variant="caption" component="div" sx={{ color: 'text.secondary', mt: 0.5 }}>
              PDF or image (PNG, JPEG, GIF, WebP), up to {formatBytes(DOCUMENT_MAX_BYTES)}
            </Typography>
            {file && (
              <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
                {file.name} · {formatBytes(file.size)}
              </Typography>
            )}
          </Box>
          {!patientId && <PatientOfClientSelect clientId={clientId} value={forPatient} onChange={setForPatient} />}
          <TextInput label="Description" value={description} onValueChange={setDescription} disabled={uploading} multiline minRows={2} />
          {uploading && (
            <Box>
              <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label="Upload progress" />
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Saving…'}
              </Typography>
            </Box>
          )}
          {problem && <Alert severity="error">{problem}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel}>Cancel</Button>
        <Button variant="contained" onClick={start} loading={uploading} disabled={!file || Boolean(checkDocumentFile(file))}>
          Upload
        </Button>
      </DialogActions>
    </GuardedDialog>
  );
}
