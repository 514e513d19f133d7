import { useCallback, useMemo } from 'react';
import { Box, Button, Chip, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, PAYMENT_TYPE_MESSAGES, paymentTypeOps, type PaymentType } from '@willow/contracts';
import { DataTable } from '../../components/data-table';
import { SelectInput, SwitchInput, TextInput } from '../../components/form-fields';
import { loadErrorOf } from '../../components/list-error';
import { PageHeader } from '../../components/page-header';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { useEntityForm } from '../../components/use-entity-form';
import { useFormDialog } from '../../components/use-form-dialog';
import { useErrorToast } from '../../lib/toasts';
import { useCreatePaymentType, useDeletePaymentType, usePaymentTypes, useUpdatePaymentType } from './payments.api';

interface FormValues {
  name: string;
  method: string;
  active: boolean;
  position: string;
}
const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));

function PaymentTypeDialog({ open, type, onClose }: { open: boolean; type: PaymentType | null; onClose: () => void }) {
  const blank = useCallback((): FormValues => ({ name: '', method: 'other', active: true, position: '0' }), []);
  const fromRecord = useCallback((t: PaymentType): FormValues => ({ name: t.name, method: t.method, active: t.active, position: String(t.position) }), []);
  const { form, dialog } = useEntityForm({
    ops: paymentTypeOps,
    create: useCreatePaymentType(),
    update: useUpdatePaymentType(),
    noun: 'payment type',
    open,
    record: type,
    blank,
    fromRecord,
    toInput: (v: FormValues) => ({ name: v.name, method: v.method, active: v.active, position: Number(v.position) }),
    onClose,
  });
  const v = form.values;
  return dialog(
    <>
      <TextInput label="Name" required value={v.name} onValueChange={(x) => form.set('name', x)} error={form.errors.name} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SelectInput label="Method" required options={METHOD_OPTIONS} value={v.method} onChange={(x) => form.set('method', x)} error={form.errors.method} />
        <TextInput label="Position" value={v.position} onValueChange={(x) => form.set('position', x)} error={form.errors.position} helperText="Lower comes first" />
      </Stack>
      <SwitchInput label="In use (offered when recording a payment)" checked={v.active} onChange={(x) => form.set('active', x)} />
    </>,
  );
}

/** The account's payment types: how the practice is paid (decision 0114). */
export default function PaymentTypesPage() {
  const types = usePaymentTypes();
  useErrorToast(types.error, PAYMENT_TYPE_MESSAGES.listError);
  const formDialog = useFormDialog<PaymentType>();
  const { openEdit } = formDialog;
  const remove = useDeletePaymentType();
  const confirmDelete = useConfirmDelete<PaymentType>({
    title: 'Delete payment type',
    message: (t) => `Delete the payment type ${t.name}?`,
    run: (t) => remove.mutateAsync(t.id),
    success: PAYMENT_TYPE_MESSAGES.deleted,
    error: PAYMENT_TYPE_MESSAGES.deleteError,
  });
  const { ask } = confirmDelete;
  const columns = useMemo<GridColDef<PaymentType>[]>(
    () => [
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
      { field: 'method', headerName: 'Method', width: 150, valueFormatter: (v: PaymentType['method']) => PAYMENT_METHOD_LABELS[v] },
      {
        field: 'active',
        headerName: 'In use',
        width: 110,
        renderCell: ({ row }) => <Chip size="small" label={row.active ? 'Yes' : 'No'} color={row.active ? 'success' : 'default'} />,
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
    <>
      <PageHeader
        title="Payment types"
        actions={
          <Box>
            <Button variant="contained" startIcon={<AddIcon />} onClick={formDialog.openNew}>
              New payment type
            </Button>
          </Box>
        }
      />
      <DataTable label="Payment types" rows={types.data} columns={columns} loading={types.isLoading} loadError={loadErrorOf(types)} noRowsLabel="No payment types" />
      <PaymentTypeDialog open={formDialog.open} type={formDialog.editing} onClose={formDialog.close} />
      {confirmDelete.dialog}
    </>
  );
}
