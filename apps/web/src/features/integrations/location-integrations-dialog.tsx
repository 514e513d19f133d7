import { Button, Dialog, DialogActions, DialogContent, DialogTitle, useMediaQuery, useTheme } from '@mui/material';
import type { Location } from '@willow/contracts';
import { LocationIntegrations } from './location-integrations';

/** A location's Integrations section, opened from the Locations page; full screen on phones. */
export function LocationIntegrationsDialog({ location, onClose }: { location: Location | null; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={location !== null} onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="location-integrations-title">
      <DialogTitle id="location-integrations-title">Integrations · {location?.name}</DialogTitle>
      <DialogContent dividers>{location && <LocationIntegrations location={location} />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
