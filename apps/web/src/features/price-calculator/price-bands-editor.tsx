import { useMemo, useState } from 'react';
import { Box, Button, Card, CardContent, IconButton, List, ListItem, ListItemText, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { CREMATION_TYPE_LABELS, CREMATION_TYPES, formatBandRange, PRICE_BAND_MESSAGES } from '@willow/contracts';
import type { CremationType, PriceBand } from '@willow/contracts';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { useFormDialog } from '../../components/use-form-dialog';
import { formatCentsPlain } from './money-text';
import { useDeletePriceBand } from './price-calculator.api';
import { PriceBandFormDialog } from './price-band-form-dialog';

interface PriceBandsEditorProps {
  locationId: string;
  bands: readonly PriceBand[];
}

/**
 * A location's bands by cremation type, for those who manage locations: each band edited in its
 * own dialog (docs/decisions/0120); a new band starts where its type's last band ends.
 */
export function PriceBandsEditor({ locationId, bands }: PriceBandsEditorProps) {
  const formDialog = useFormDialog<string>();
  const remove = useDeletePriceBand();
  const confirmDelete = useConfirmDelete<PriceBand>({
    title: 'Delete price band',
    message: (b) => `Delete the ${formatBandRange(b)} band of ${CREMATION_TYPE_LABELS[b.cremationType].toLowerCase()}?`,
    run: (b) => remove.mutateAsync(b.id),
    success: PRICE_BAND_MESSAGES.deleted,
    error: PRICE_BAND_MESSAGES.deleteError,
  });
  const editing = bands.find((b) => b.id === formDialog.editing) ?? null;
  const byType = useMemo(() => CREMATION_TYPES.map((type) => ({ type, bands: bands.filter((b) => b.cremationType === type) })), [bands]);
  // A new band is added under its type and starts where that type's last band ends, as it was when
  // the dialog opened (a refetch meanwhile must not reset what is being typed).
  const [next, setNext] = useState<{ cremationType: CremationType; fromGrams: number }>({ cremationType: 'private', fromGrams: 0 });
  const addTo = (type: CremationType) => {
    setNext({ cremationType: type, fromGrams: byType.find((t) => t.type === type)!.bands.at(-1)?.maxGrams ?? 0 });
    formDialog.openNew();
  };

  return (
    <Card component="section" aria-label="Price bands" variant="outlined">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
          <Box>
            <Typography variant="h6" component="h2">
              Price bands
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              A band includes its lower weight, not its upper one. Above the last band: call for a quote.
            </Typography>
          </Box>
        </Box>
        {byType.map(({ type, bands: ofType }) => (
          <Box key={type} sx={{ mt: 1 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="subtitle2" component="h3">
                {CREMATION_TYPE_LABELS[type]}
              </Typography>
              <Button size="small" startIcon={<AddIcon />} onClick={() => addTo(type)} aria-label={`Add band for ${CREMATION_TYPE_LABELS[type].toLowerCase()}`}>
                Add band
              </Button>
            </Box>
            {ofType.length === 0 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary', py: 0.5 }}>
                No bands: this type is not priced here.
              </Typography>
            ) : (
              <List dense aria-label={`${CREMATION_TYPE_LABELS[type]} bands`} disablePadding>
                {ofType.map((b) => {
                  const name = `${formatBandRange(b)} ${CREMATION_TYPE_LABELS[b.cremationType].toLowerCase()} band`;
                  return (
                    <ListItem
                      key={b.id}
                      disableGutters
                      secondaryAction={
                        <>
                          <IconButton aria-label={`Edit the ${name}`} onClick={() => formDialog.openEdit(b.id)} size="small">
                            <EditIcon fontSize="small" />
                          </IconButton>
                          <IconButton aria-label={`Delete the ${name}`} onClick={() => confirmDelete.ask(b)} size="small">
                            <DeleteIcon fontSize="small" />
                          </IconButton>
                        </>
                      }
                    >
                      <ListItemText primary={formatBandRange(b)} secondary={formatCentsPlain(b.price)} />
                    </ListItem>
                  );
                })}
              </List>
            )}
          </Box>
        ))}
      </CardContent>
      <PriceBandFormDialog open={formDialog.open} band={editing} locationId={locationId} next={next} onClose={formDialog.close} />
      {confirmDelete.dialog}
    </Card>
  );
}
