import { useMemo } from 'react';
import { Box, Chip, Skeleton, Stack, Typography } from '@mui/material';
import type { AuditAction } from '@willow/contracts';
import { formatDateTime } from '../../lib/dates';
import { ListError, loadErrorOf } from '../../components/list-error';
import { useErrorToast } from '../../lib/toasts';
import { useLocations } from '../locations/locations.api';
import { useStaffNames } from '../users/users.api';
import { ACTION_LABELS, changeLines } from './history-format';
import { useHistory } from './audit.api';

const ACTION_COLORS: Record<AuditAction, 'success' | 'info' | 'error' | 'secondary' | 'default'> = {
  create: 'success',
  import: 'success',
  update: 'info',
  delete: 'error',
  merge: 'secondary',
  unmerge: 'default',
  archive: 'default',
  restore: 'info',
};

/** Who changed what and when, newest first: the record's own history. */
export function HistoryTimeline({ entityType, entityId }: { entityType: string; entityId: string }) {
  const history = useHistory(entityType, entityId);
  const staffNames = useStaffNames();
  const locations = useLocations(false);
  // Staff and location ids are all UUIDs, so one map can name both.
  const names = useMemo(
    () => new Map([...(staffNames ?? []), ...(locations.data ?? []).map((l) => [l.id, l.name] as const)]),
    [staffNames, locations.data],
  );
  useErrorToast(history.error, 'Error getting history');

  if (history.isLoading)
    return (
      <Stack spacing={1}>
        <Skeleton height={48} />
        <Skeleton height={48} />
      </Stack>
    );
  const loadError = loadErrorOf(history);
  if (loadError && !history.data) return <ListError {...loadError} what="the history" />;
  const events = history.data ?? [];
  if (events.length === 0) return <Typography sx={{ color: 'text.secondary', p: 1 }}>No changes recorded yet.</Typography>;

  return (
    <Box component="ol" aria-label="History" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {events.map((event) => {
        const lines = changeLines(event, names);
        // A new record lists every field it started with; only the filled-in ones say anything.
        const shown = event.action === 'create' || event.action === 'import' ? lines.filter((l) => l.to !== '—') : lines;
        return (
          <Box
            component="li"
            key={event.id}
            sx={{ position: 'relative', pl: 3, pb: 2, borderLeft: 2, borderColor: 'divider', ml: 1, '&:last-child': { pb: 0 } }}
          >
            <Box
              aria-hidden
              sx={{ position: 'absolute', left: -7, top: 4, width: 12, height: 12, borderRadius: '50%', bgcolor: `${ACTION_COLORS[event.action] === 'default' ? 'grey' : ACTION_COLORS[event.action]}.main` }}
            />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <Chip size="small" label={ACTION_LABELS[event.action]} color={ACTION_COLORS[event.action]} variant="outlined" />
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {event.actor?.name ?? 'System'}
              </Typography>
              <Typography variant="caption" component="time" dateTime={event.at} sx={{ color: 'text.secondary' }}>
                {formatDateTime(event.at)}
              </Typography>
            </Box>
            {shown.length > 0 && (
              <Box component="dl" sx={{ m: 0, mt: 0.5, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(8rem, max-content) 1fr' }, columnGap: 2 }}>
                {shown.map((line) => (
                  <Box key={line.field} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                      {line.label}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 0.5, sm: 0 }, overflowWrap: 'anywhere' }}>
                      {event.action === 'update' || event.action === 'merge' || event.action === 'unmerge' ? (
                        <>
                          <Box component="span" sx={{ textDecoration: 'line-through', color: 'text.secondary' }}>
                            {line.from}
                          </Box>
                          {' → '}
                          {line.to}
                        </>
                      ) : event.action === 'delete' ? (
                        line.from
                      ) : (
                        line.to
                      )}
                    </Typography>
                  </Box>
                ))}
              </Box>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
