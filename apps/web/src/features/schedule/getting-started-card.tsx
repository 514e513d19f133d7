import { useMemo } from 'react';
import { Box, IconButton, Link, Paper, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Link as RouterLink } from 'react-router';
import type { Location } from '@willow/contracts';
import { useHasAnyPermission } from '../../app/session';
import { notifyServerError } from '../../lib/toasts';
import { useServiceList } from '../services/services.api';
import { useUsers } from '../users/users.api';
import { gettingStartedItems, showGettingStarted } from './getting-started';
import { useDismissGettingStarted, useGettingStarted } from './getting-started.api';

interface GettingStartedCardProps {
  /** the location the Schedule shows: its services count */
  locationId: string;
  /** the account's active locations: their email integrations count */
  locations: readonly Location[];
}

/**
 * "Get started" above an empty practice's Schedule, for those who set the practice up (account or
 * locations managers): what is still to do, each with the page it is done on. Gone once every step
 * is really done (email working included), or when the person puts it away: a choice kept with
 * them on the server, so it follows them to every computer (docs/decisions/0092, 0193).
 */
export function GettingStartedCard(props: GettingStartedCardProps) {
  const canSetUp = useHasAnyPermission(['account.manage', 'locations.manage']);
  if (!canSetUp) return null;
  return <Checklist {...props} />;
}

function Checklist({ locationId, locations }: GettingStartedCardProps) {
  const state = useGettingStarted(true);
  const dismiss = useDismissGettingStarted();
  // Put away (or being put away): nothing more to load for it.
  const away = state.data?.dismissed !== false || dismiss.isPending || dismiss.isSuccess;
  const services = useServiceList(away ? null : locationId, true);
  const users = useUsers();
  const items = useMemo(
    () =>
      services.data && users.data
        ? gettingStartedItems({
            serviceCount: services.data.length,
            userCount: users.data.length,
            integrations: locations.flatMap((l) => l.integrations),
          })
        : undefined,
    [services.data, users.data, locations],
  );
  // Nothing until the facts are in: a list that flashes for a practice long set up would be noise.
  if (!items || !showGettingStarted(items, away)) return null;
  const left = items.filter((i) => !i.done).length;
  return (
    <Paper component="section" aria-labelledby="getting-started-title" variant="outlined" sx={{ m: { xs: 1, sm: 2 }, mb: { xs: 0, sm: 0 }, p: { xs: 1.5, sm: 2 }, position: 'relative' }}>
      <IconButton
        size="small"
        aria-label="Dismiss the Get started list"
        onClick={() => dismiss.mutate(undefined, { onError: (error) => notifyServerError(error, 'Error hiding the Get started list') })}
        sx={{ position: 'absolute', top: 4, right: 4 }}
      >
        <CloseIcon fontSize="small" />
      </IconButton>
      <Typography id="getting-started-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, pr: 4 }}>
        Get started
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {left === 1 ? 'One step left' : `${left} steps left`} to set up your practice.
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: { xs: 0.5, md: 3 } }}>
        {items.map((item) => (
          <Box component="li" key={item.id} data-done={item.done} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, minWidth: 0 }}>
            {item.done ? (
              <CheckCircleIcon fontSize="small" color="success" titleAccess="Done" />
            ) : (
              <RadioButtonUncheckedIcon fontSize="small" color="action" titleAccess="To do" />
            )}
            <Box sx={{ minWidth: 0 }}>
              {item.done ? (
                <Typography variant="body2" sx={{ textDecoration: 'line-through', color: 'text.secondary' }}>
                  {item.label}
                </Typography>
              ) : (
                <Link component={RouterLink} to={item.to} variant="body2" sx={{ fontWeight: 500 }}>
                  {item.label}
                </Link>
              )}
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'block' } }}>
                {item.hint}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
