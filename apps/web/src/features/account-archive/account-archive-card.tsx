import { Box, Button, Card, CardContent, IconButton, LinearProgress, List, ListItem, ListItemText, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import type { AccountArchive } from '@willow/contracts';
import { notifyError, notifySuccess, useErrorToast } from '../../lib/toasts';
import { archiveDownloadUrl, useAccountArchives, useDeleteAccountArchive, useStartAccountArchive } from './account-archive.api';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function size(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function describe(a: AccountArchive): string {
  switch (a.status) {
    case 'preparing':
      return `Being prepared — asked by ${a.requestedByName}`;
    case 'ready':
      return `Ready, ${size(a.sizeBytes)} — available until ${when(a.expiresAt!)}`;
    case 'expired':
      return `Expired — removed 7 days after it was made`;
    case 'failed':
      return a.error ?? 'Could not be made';
  }
}

/** The Account page's "Export all data": start an archive, watch it being made, download it for 7 days. */
export function AccountArchiveCard() {
  const archives = useAccountArchives();
  useErrorToast(archives.error, 'Error loading exports');
  const start = useStartAccountArchive();
  const remove = useDeleteAccountArchive();
  const list = archives.data ?? [];
  const preparing = list.find((a) => a.status === 'preparing');
  const percent = preparing && preparing.total > 0 ? Math.min(100, Math.round((preparing.done / preparing.total) * 100)) : 0;

  const begin = () =>
    start.mutate(undefined, {
      onSuccess: () => notifySuccess('Export started: we will email you when it is ready'),
      onError: (err) => notifyError('Error starting the export', err),
    });

  return (
    <Card variant="outlined" sx={{ maxWidth: 640, mt: 2 }} component="section" aria-labelledby="export-all-data">
      <CardContent>
        <Typography variant="h6" component="h2" id="export-all-data" gutterBottom>
          Export all data
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          One zip file with a spreadsheet (CSV) for each kind of record — clients, patients, appointments, invoices, payments and more — and every
          stored document. It is prepared in the background; you will get an email when it is ready. It can be downloaded for 7 days.
        </Typography>
        {preparing ? (
          <Box sx={{ mb: 2 }}>
            <Typography variant="body2" id="export-progress-label" gutterBottom>
              Preparing the export… {preparing.total > 0 ? `${percent}%` : ''}
            </Typography>
            <LinearProgress
              variant={preparing.total > 0 ? 'determinate' : 'indeterminate'}
              value={percent}
              aria-labelledby="export-progress-label"
              aria-valuetext={`${percent}%`}
            />
          </Box>
        ) : (
          <Button variant="contained" onClick={begin} disabled={start.isPending || archives.isLoading}>
            Export all data
          </Button>
        )}
        {list.length > 0 && (
          <List aria-label="Exports" dense sx={{ mt: 1 }}>
            {list.map((a) => (
              <ListItem key={a.id} disableGutters divider sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
                <ListItemText primary={`Export of ${when(a.createdAt)}`} secondary={describe(a)} sx={{ flex: '1 1 16rem', minWidth: 0 }} />
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  {a.status === 'ready' && (
                    <Button size="small" variant="outlined" startIcon={<DownloadIcon />} href={archiveDownloadUrl(a.id)} download>
                      Download
                    </Button>
                  )}
                  {a.status !== 'preparing' && (
                    <Tooltip title="Delete this export">
                      <IconButton
                        aria-label={`Delete the export of ${when(a.createdAt)}`}
                        disabled={remove.isPending}
                        onClick={() =>
                          remove.mutate(a.id, { onSuccess: () => notifySuccess('Export deleted'), onError: (err) => notifyError('Error deleting the export', err) })
                        }
                      >
                        <DeleteIcon />
                      </IconButton>
                    </Tooltip>
                  )}
                </Box>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
