import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { ImportPreview } from '@willow/contracts';
import { GuardedDialog } from '../../components/discard-guard';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { useImportClients, usePreviewImport } from './clients.api';

interface ClientImportDialogProps {
  open: boolean;
  locationId: string;
  locationName: string | undefined;
  onClose: () => void;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * CSV import in two steps: the server checks the whole file and says what it would create and
 * what is wrong, line by line; only a clean file can be imported (all rows or none).
 */
export function ClientImportDialog({ open, locationId, locationName, onClose }: ClientImportDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const check = usePreviewImport();
  const run = useImportClients();

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setPreview(null);
    setProblem(null);
  }, [open]);

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    setPreview(null);
    setProblem(null);
    const csv = await chosen.text();
    setFile({ name: chosen.name, csv });
    check.mutate(
      { locationId, csv },
      {
        onSuccess: setPreview,
        onError: (error) => setProblem(error.message),
      },
    );
  };

  const doImport = () => {
    if (!file) return;
    run.mutate(
      { locationId, csv: file.csv },
      {
        onSuccess: (result) => {
          notifySuccess(`Clients imported: ${plural(result.clients, 'client')}, ${plural(result.patients, 'patient')}`);
          onClose();
        },
        onError: (error) => notifyError('Error importing clients', error),
      },
    );
  };

  const rowsWithErrors = preview?.rows.filter((r) => r.errors.length > 0) ?? [];
  const busy = check.isPending || run.isPending;
  return (
    <GuardedDialog open={open} dirty={file !== null} onClose={busy ? undefined : onClose} fullWidth maxWidth="md" fullScreen={fullScreen}>
      <DialogTitle>Import clients</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2">
            Clients and their patients are added to <strong>{locationName ?? 'this location'}</strong>. Use the same
            columns as the export (client_first_name, client_last_name, client_email, …, patient_name, patient_species,
            …); rows with the same client details are one client with several patients.
          </Typography>
          <Box>
            <input
              ref={fileInput}
              type="file"
              accept=".csv,text/csv"
              hidden
              aria-label="CSV file"
              onChange={(e) => {
                void choose(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => fileInput.current?.click()} loading={check.isPending}>
              {file ? 'Choose another file' : 'Choose CSV file'}
            </Button>
            {file && (
              <Typography component="span" variant="body2" sx={{ ml: 1.5, overflowWrap: 'anywhere' }}>
                {file.name}
              </Typography>
            )}
          </Box>
          {problem && <Alert severity="error">{problem}</Alert>}
          {preview && (
            <>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Import summary">
                <Chip label={plural(preview.clients, 'client')} color="primary" variant="outlined" />
                <Chip label={plural(preview.patients, 'patient')} color="primary" variant="outlined" />
                <Chip label={plural(preview.errorCount, 'error')} color={preview.errorCount ? 'error' : 'success'} />
              </Stack>
              {preview.errorCount === 0 ? (
                <Alert severity="success">The file is ready to import.</Alert>
              ) : (
                <>
                  <Alert severity="warning">Fix these lines in the file and choose it again; nothing is imported while errors remain.</Alert>
                  <TableContainer sx={{ maxHeight: 360 }}>
                    <Table size="small" stickyHeader aria-label="Import errors">
                      <TableHead>
                        <TableRow>
                          <TableCell>Line</TableCell>
                          <TableCell>Client</TableCell>
                          <TableCell>Errors</TableCell>
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {rowsWithErrors.map((row) => (
                          <TableRow key={row.line}>
                            <TableCell>{row.line}</TableCell>
                            <TableCell>
                              {`${row.client.firstName} ${row.client.lastName}`.trim() || '—'}
                              {row.client.email && (
                                <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                                  {row.client.email}
                                </Typography>
                              )}
                            </TableCell>
                            <TableCell>
                              {row.errors.map((error) => (
                                <Typography key={error} variant="body2" sx={{ color: 'error.main' }}>
                                  {error}
                                </Typography>
                              ))}
                            </TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </TableContainer>
                </>
              )}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={doImport}
          loading={run.isPending}
          disabled={!preview || preview.errorCount > 0 || preview.clients === 0 || check.isPending}
        >
          Import
        </Button>
      </DialogActions>
    </GuardedDialog>
  );
}
