import { useRef, useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import { LOCATION_LOGO_MAX_BYTES, LOCATION_LOGO_TYPES, LOCATION_MESSAGES } from '@willow/contracts';
import type { Location } from '@willow/contracts';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { useRefocus } from '../../lib/use-refocus';
import { useRemoveLocationLogo, useUploadLocationLogo } from './locations.api';

/** What the server would refuse, told before the bytes are sent. */
export function checkLogoFile(file: Pick<File, 'size' | 'type'>): string | undefined {
  if (!(file.type in LOCATION_LOGO_TYPES)) return LOCATION_MESSAGES.logoBadType;
  if (file.size > LOCATION_LOGO_MAX_BYTES) return LOCATION_MESSAGES.logoTooLarge;
  return undefined;
}

/**
 * The location's letterhead logo, printed at the top of its PDFs: shown, replaced or removed at
 * once (not with the form's Save: a file is not a field to undo).
 */
export function LocationLogo({ location }: { location: Location }) {
  const input = useRef<HTMLInputElement>(null);
  const [hasLogo, setHasLogo] = useState(location.hasLogo);
  // A new address after each change: the browser shows the new image, not the one it kept.
  const [version, setVersion] = useState(0);
  const [problem, setProblem] = useState<string>();
  const changed = (updated: Location) => {
    setHasLogo(updated.hasLogo);
    setVersion((v) => v + 1);
  };
  const upload = useUploadLocationLogo();
  const remove = useRemoveLocationLogo();
  const busy = upload.isPending || remove.isPending;
  // Once an upload or removal has settled, the focus returns to Upload / Replace logo (the clicked
  // button was disabled, and Remove goes away).
  const { target: uploadButton, refocus } = useRefocus<HTMLButtonElement>(busy);

  const chosen = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const wrong = checkLogoFile(file);
    setProblem(wrong);
    if (wrong) return;
    upload.mutate(
      { locationId: location.id, file },
      {
        onSettled: refocus,
        onSuccess: (updated) => {
          changed(updated);
          notifySuccess('Logo uploaded');
        },
        onError: (error) => {
          setProblem(error.message);
          notifyError('Error uploading logo', error);
        },
      },
    );
  };

  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, m: 0 }}>
      <Typography component="legend" variant="body2" color="text.secondary" sx={{ px: 0.5 }}>
        Logo (printed on the location&apos;s PDFs)
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ width: 160, height: 64, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'action.hover', borderRadius: 1 }}>
          {hasLogo ? (
            <img
              src={`/api/location/${encodeURIComponent(location.id)}/logo?v=${version}`}
              alt={`Logo of ${location.name}`}
              style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
            />
          ) : (
            <Typography variant="body2" color="text.secondary">
              No logo
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1}>
          <Button ref={uploadButton} size="small" variant="outlined" startIcon={<UploadIcon />} disabled={busy} onClick={() => input.current?.click()}>
            {hasLogo ? 'Replace logo' : 'Upload logo'}
          </Button>
          {hasLogo && (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteIcon />}
              disabled={busy}
              onClick={() =>
                remove.mutate(location.id, {
                  onSettled: refocus,
                  onSuccess: (updated) => {
                    changed(updated);
                    notifySuccess('Logo removed');
                  },
                  onError: (error) => notifyError('Error removing logo', error),
                })
              }
            >
              Remove logo
            </Button>
          )}
        </Stack>
      </Stack>
      <input
        ref={input}
        type="file"
        hidden
        aria-label="Logo file"
        accept={Object.keys(LOCATION_LOGO_TYPES).join(',')}
        onChange={(e) => chosen(e.target.files?.[0])}
      />
      <Typography variant="caption" color={problem ? 'error' : 'text.secondary'} role={problem ? 'alert' : undefined} sx={{ display: 'block', mt: 1 }}>
        {problem ?? 'PNG or JPEG, at most 1 MB'}
      </Typography>
    </Box>
  );
}
