import type { FocusEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { notifyError, notifySuccess } from '../../lib/toasts';

/** The public booking page of a location, as a full address to share. */
export function bookingPageUrl(locationId: string, origin: string = window.location.origin): string {
  return `${origin}/book/${encodeURIComponent(locationId)}`;
}

interface BookingLinkDialogProps {
  location: { id: string; name: string; isActive: boolean } | null;
  onClose: () => void;
}

/** Shows a location's booking link with Copy and Open, so staff can put it on a website or in an email. */
export function BookingLinkDialog({ location, onClose }: BookingLinkDialogProps) {
  const url = location ? bookingPageUrl(location.id) : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notifySuccess('Booking page link copied');
    } catch (error) {
      // Clipboard access is refused outside secure pages; the link stays selectable in the box.
      notifyError('Could not copy the link. Select it and copy it instead.', error);
    }
  };
  return (
    <Dialog open={Boolean(location)} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Booking page of {location?.name}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {location?.isActive === false
            ? 'This location is inactive, so its booking page shows that it is not available.'
            : 'Pet owners use this page to request a visit. Requests arrive as Pending appointments.'}
        </DialogContentText>
        <TextField
          fullWidth
          label="Booking page link"
          value={url}
          slotProps={{ htmlInput: { readOnly: true, onFocus: (e: FocusEvent<HTMLInputElement>) => e.target.select() } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button startIcon={<OpenInNewIcon />} href={url} target="_blank" rel="noopener">
          Open
        </Button>
        <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          Copy link
        </Button>
      </DialogActions>
    </Dialog>
  );
}
