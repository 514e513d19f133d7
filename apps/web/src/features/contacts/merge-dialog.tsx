import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
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
import type { Contact } from '@willow/contracts';
import { notifyError } from '../../lib/toasts';
import { useMergeContacts } from './contacts.api';
import { ContactValue, FIELD_LABELS } from './contact-values';
import { buildMergeRequest, differingFields } from './merge';
import type { FieldPicks } from './merge';
import { notifyMerged, useUndoMergeAction } from './merge-toast';

interface MergeDialogProps {
  contacts: readonly Contact[];
  open: boolean;
  onClose: () => void;
  onMerged: () => void;
}

/**
 * Merging 2+ contacts: the user picks the one that stays (the survivor), then, for every field
 * on which they disagree, whose value to keep. The others are merged into the survivor.
 */
export function MergeDialog({ contacts, open, onClose, onMerged }: MergeDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('md'));
  const [survivorId, setSurvivorId] = useState('');
  const [picks, setPicks] = useState<FieldPicks>({});
  const merge = useMergeContacts();
  const undo = useUndoMergeAction();

  // Fresh choices each time the dialog opens, not whenever the list behind it refetches.
  const firstId = contacts[0]?.id ?? '';
  useEffect(() => {
    if (!open) return;
    setSurvivorId(firstId);
    setPicks({});
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const fields = useMemo(() => differingFields(contacts), [contacts]);
  const ids = contacts.map((c) => c.id);

  const submit = () => {
    merge.mutate(buildMergeRequest(ids, survivorId, picks), {
      onSuccess: ({ merge: record, survivor }) => {
        notifyMerged(survivor.name, () => void undo(record.id));
        onMerged();
        onClose();
      },
      onError: (error) => notifyError('Error merging contacts', error),
    });
  };

  return (
    <Dialog open={open} onClose={merge.isPending ? undefined : onClose} fullWidth maxWidth="md" fullScreen={fullScreen}>
      <DialogTitle>Merge {contacts.length} contacts</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ mb: 2 }}>
          The contact you keep takes over everything linked to the others (documents and records), and the others are
          removed. A merge can be undone from Recent merges.
        </Typography>
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Merge choices">
            <TableHead>
              <TableRow>
                <TableCell sx={{ minWidth: 80 }} />
                {contacts.map((c) => (
                  <TableCell key={c.id} sx={{ minWidth: 130, verticalAlign: 'bottom' }}>
                    <Typography variant="subtitle2">{c.name}</Typography>
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              <TableRow sx={{ bgcolor: 'action.hover' }}>
                <TableCell component="th" scope="row">
                  <strong>Keep</strong>
                </TableCell>
                {contacts.map((c) => (
                  <TableCell key={c.id}>
                    <FormControlLabel
                      control={<Radio checked={survivorId === c.id} onChange={() => setSurvivorId(c.id)} name="survivor" />}
                      label={survivorId === c.id ? 'Kept' : 'Merge into kept'}
                      slotProps={{ typography: { variant: 'body2' } }}
                      aria-label={`Keep ${c.name}`}
                    />
                  </TableCell>
                ))}
              </TableRow>
              {fields.map((field) => {
                const chosen = picks[field] ?? survivorId;
                return (
                  <TableRow key={field}>
                    <TableCell component="th" scope="row">
                      {FIELD_LABELS[field]}
                    </TableCell>
                    {contacts.map((c) => (
                      <TableCell key={c.id}>
                        <RadioGroup
                          value={chosen}
                          onChange={(e) => setPicks((p) => ({ ...p, [field]: e.target.value }))}
                          name={`field-${field}`}
                        >
                          <FormControlLabel
                            value={c.id}
                            control={<Radio size="small" />}
                            label={
                              <Box component="span" sx={{ overflowWrap: 'anywhere', typography: 'body2' }}>
                                <ContactValue contact={c} field={field} />
                              </Box>
                            }
                            aria-label={`${FIELD_LABELS[field]} from ${c.name}`}
                          />
                        </RadioGroup>
                      </TableCell>
                    ))}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
        {fields.length === 0 && (
          <Alert severity="info" sx={{ mt: 2 }}>
            These contacts hold the same details; only the kept one remains.
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={merge.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} loading={merge.isPending} disabled={!survivorId || contacts.length < 2}>
          Merge
        </Button>
      </DialogActions>
    </Dialog>
  );
}
