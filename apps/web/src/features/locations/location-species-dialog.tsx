import { useMemo, useState } from 'react';
import {
  Autocomplete,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import type { Location, Species } from '@willow/contracts';
import { notifyError, useErrorToast } from '../../lib/toasts';
import { useRefocus } from '../../lib/use-refocus';
import { useSpeciesCatalogue, useUpdateLocationSpecies } from './locations.api';

interface LocationSpeciesDialogProps {
  location: Location | null;
  onClose: () => void;
}

/** Species a location treats: each add or remove is saved at once (updateSpecies). */
export function LocationSpeciesDialog({ location, onClose }: LocationSpeciesDialogProps) {
  const catalogue = useSpeciesCatalogue(Boolean(location));
  const change = useUpdateLocationSpecies();
  const [picked, setPicked] = useState<Species | null>(null);
  // Once a change has settled, the focus returns to "Add a species" (the removed chip, or Add,
  // disabled while it saved, had it).
  const { target: speciesInput, refocus } = useRefocus<HTMLInputElement>(change.isPending);
  useErrorToast(catalogue.error, 'Error loading species');

  const available = useMemo(
    () => (catalogue.data ?? []).filter((s) => !location?.species.some((own) => own.id === s.id)),
    [catalogue.data, location],
  );

  const apply = (speciesId: string, action: 'add' | 'remove') => {
    if (!location) return;
    change.mutate(
      { locationId: location.id, speciesId, action },
      {
        onSettled: refocus,
        onSuccess: () => setPicked(null),
        onError: (error) => notifyError('Error updating species list', error),
      },
    );
  };

  return (
    <Dialog open={Boolean(location)} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Species at {location?.name}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
          {location?.species.length === 0 && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              No species yet.
            </Typography>
          )}
          {location?.species.map((s) => (
            <Chip key={s.id} label={s.name} onDelete={change.isPending ? undefined : () => apply(s.id, 'remove')} />
          ))}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Autocomplete
            sx={{ flex: 1 }}
            options={available}
            value={picked}
            loading={catalogue.isLoading}
            onChange={(_, value) => setPicked(value)}
            getOptionLabel={(s) => s.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => <TextField {...params} inputRef={speciesInput} label="Add a species" size="small" />}
          />
          <Button variant="contained" disabled={!picked} loading={change.isPending} onClick={() => picked && apply(picked.id, 'add')}>
            Add
          </Button>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
