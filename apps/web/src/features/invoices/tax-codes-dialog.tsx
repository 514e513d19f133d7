import { useCallback, useMemo } from 'react';
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, useMediaQuery, useTheme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import { TAX_CODE_MESSAGES, taxCodeOps } from '@willow/contracts';
import type { Location, TaxCode } from '@willow/contracts';
import { DataTable } from '../../components/data-table';
import { SwitchInput, TextInput } from '../../components/form-fields';
import { loadErrorOf } from '../../components/list-error';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { useEntityForm } from '../../components/use-entity-form';
import { useFormDialog } from '../../components/use-form-dialog';
import { useErrorToast } from '../../lib/toasts';
import { basisPointsToPercent, percentBasisPoints } from './document-lines';
import { useCreateTaxCode, useDeleteTaxCode, useTaxCodes, useUpdateTaxCode } from './invoices.api';

interface Values {
  name: string;
  /** a percentage as typed ('8.25') */
  rate: string;
  active: boolean;
}

/**
 * A location's tax codes (decision 0111): what its invoice lines may be taxed at (cremation, urns
 * and exams may differ). A code in use is made inactive rather than deleted: saved lines keep their
 * name and rate.
 */
export function TaxCodesDialog({ location, onClose }: { location: Location | null; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const codes = useTaxCodes(location?.id ?? null);
  useErrorToast(codes.error, TAX_CODE_MESSAGES.listError);
  const formDialog = useFormDialog<TaxCode>();
  const { openEdit } = formDialog;
  const remove = useDeleteTaxCode();
  const confirmDelete = useConfirmDelete<TaxCode>({
    title: 'Delete tax code',
    message: (c) => `Delete the tax code ${c.name}? Lines already saved keep its name and rate.`,
    run: (c) => remove.mutateAsync(c.id),
    success: TAX_CODE_MESSAGES.deleted,
    error: TAX_CODE_MESSAGES.deleteError,
  });
  const { ask } = confirmDelete;
  const columns = useMemo<GridColDef<TaxCode>[]>(
    () => [
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 140 },
      { field: 'rate', headerName: 'Rate', width: 90, type: 'number', valueFormatter: (v: number) => `${basisPointsToPercent(v)} %` },
      {
        field: 'active',
        headerName: 'Status',
        width: 100,
        renderCell: ({ value }) => <Chip size="small" variant="outlined" label={value ? 'Active' : 'Inactive'} color={value ? 'success' : 'default'} />,
      },
      {
        field: 'actions',
        type: 'actions',
        width: 90,
        getActions: ({ row }) => [
          <GridActionsCellItem key="edit" icon={<EditIcon />} label={`Edit ${row.name}`} onClick={() => openEdit(row)} />,
          <GridActionsCellItem key="delete" icon={<DeleteIcon />} label={`Delete ${row.name}`} onClick={() => ask(row)} />,
        ],
      },
    ],
    [openEdit, ask],
  );
  return (
    <Dialog open={location !== null} onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle>Tax codes{location ? ` at ${location.name}` : ''}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
          <Button startIcon={<AddIcon />} onClick={formDialog.openNew}>
            New tax code
          </Button>
        </Box>
        <DataTable label="Tax codes" rows={codes.data} columns={columns} loading={codes.isLoading} loadError={loadErrorOf(codes)} noRowsLabel="No tax codes yet" />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      {location && <TaxCodeFormDialog open={formDialog.open} code={formDialog.editing} locationId={location.id} onClose={formDialog.close} />}
      {confirmDelete.dialog}
    </Dialog>
  );
}

function TaxCodeFormDialog({ open, code, locationId, onClose }: { open: boolean; code: TaxCode | null; locationId: string; onClose: () => void }) {
  const blank = useCallback((): Values => ({ name: '', rate: '', active: true }), []);
  const fromRecord = useCallback((c: TaxCode): Values => ({ name: c.name, rate: basisPointsToPercent(c.rate), active: c.active }), []);
  const { form, dialog } = useEntityForm({
    ops: taxCodeOps,
    create: useCreateTaxCode(),
    update: useUpdateTaxCode(),
    noun: 'tax code',
    open,
    record: code,
    blank,
    fromRecord,
    toInput: (v: Values) => ({ locationId: code?.locationId ?? locationId, name: v.name, rate: percentBasisPoints(v.rate), active: v.active }),
    onClose,
    maxWidth: 'xs',
  });
  const v = form.values;
  return dialog(
    <>
      <TextInput label="Name" required value={v.name} onValueChange={(x) => form.set('name', x)} error={form.errors.name} placeholder="e.g. Sales tax" />
      <TextInput
        label="Rate %"
        required
        value={v.rate}
        onValueChange={(x) => form.set('rate', x)}
        error={form.errors.rate}
        placeholder="8.25"
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <SwitchInput label="Active" checked={v.active} onChange={(x) => form.set('active', x)} />
    </>,
  );
}
