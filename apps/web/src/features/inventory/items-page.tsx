import { useMemo, useState } from 'react';
import { Box, Button, useMediaQuery, useTheme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { INVENTORY_CATEGORIES, INVENTORY_CATEGORY_LABELS, INVENTORY_MESSAGES } from '@willow/contracts';
import type { InventoryCategory, ItemListRow } from '@willow/contracts';
import { useHasAnyPermission } from '../../app/session';
import { DataTable } from '../../components/data-table';
import { SelectInput, SwitchInput } from '../../components/form-fields';
import { loadErrorOf } from '../../components/list-error';
import { PageHeader } from '../../components/page-header';
import { SearchField } from '../../components/search-field';
import { useConfirmAction } from '../../components/use-confirm-action';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { useServerPages } from '../../components/use-server-pages';
import { notifyError, notifySuccess, useErrorToast, useLoadingToast } from '../../lib/toasts';
import { useWorkingLocation } from '../locations/use-working-location';
import { useArchiveItem, useDeleteItem, useItems, useRestoreItem } from './inventory.api';
import { itemColumns } from './item-columns';
import type { ItemActions } from './item-columns';
import { ItemFormDialog } from './item-form-dialog';

/**
 * The item catalogue (the account's, with what is on hand at the working location): search,
 * category and archived filters; New item, edit, archive, restore, and delete of an item nothing
 * names (otherwise the server's 409 says to archive it).
 */
export default function ItemsPage() {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const canManage = useHasAnyPermission(['inventory.manage']);
  const working = useWorkingLocation();
  const [typed, setTyped] = useState('');
  const [category, setCategory] = useState('');
  const [archived, setArchived] = useState(false);
  const pages = useServerPages({
    locationId: working.locationId ?? undefined,
    search: typed || undefined,
    category: (category || undefined) as InventoryCategory | undefined,
    includeArchived: archived || undefined,
  });
  const items = useItems(pages.query);
  useLoadingToast(items.isLoading, 'Loading Items...');
  useErrorToast(items.error, INVENTORY_MESSAGES.listError);
  const [form, setForm] = useState<{ item: ItemListRow | null } | null>(null);
  const archive = useArchiveItem();
  const restore = useRestoreItem();
  const remove = useDeleteItem();
  const confirmArchive = useConfirmAction<ItemListRow>({
    title: 'Archive item',
    message: (i) => `Archive ${i.name}? It is no longer offered for new stock or lines; its stock, log and invoice lines are kept.`,
    run: (i) => archive.mutateAsync(i.id),
    success: INVENTORY_MESSAGES.archived,
    error: INVENTORY_MESSAGES.updateError,
    confirmLabel: 'Archive',
  });
  const confirmDelete = useConfirmDelete<ItemListRow>({
    title: 'Delete item',
    message: (i) => `Delete ${i.name} for good? An item with stock, log entries or invoice lines cannot be deleted: archive it instead.`,
    run: (i) => remove.mutateAsync(i.id),
    success: INVENTORY_MESSAGES.deleted,
    error: INVENTORY_MESSAGES.deleteError,
  });
  const askArchive = confirmArchive.ask;
  const askDelete = confirmDelete.ask;
  const { mutateAsync: restoreItem } = restore;
  const actions = useMemo<ItemActions>(
    () => ({
      edit: (item) => setForm({ item }),
      archive: askArchive,
      restore: (item) =>
        void restoreItem(item.id).then(
          () => void notifySuccess(INVENTORY_MESSAGES.restored),
          (error: unknown) => notifyError(INVENTORY_MESSAGES.updateError, error),
        ),
      remove: askDelete,
    }),
    [askArchive, askDelete, restoreItem],
  );
  const columns = useMemo(() => itemColumns(actions, { canManage, phone }), [actions, canManage, phone]);
  // The dialog follows the cached row, so a refetch never edits a stale copy.
  const editing = form?.item ? (items.data?.items.find((i) => i.id === form.item!.id) ?? form.item) : null;

  return (
    <>
      <PageHeader
        title="Items"
        actions={
          canManage && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setForm({ item: null })}>
              New item
            </Button>
          )
        }
      />
      <Box
        role="group"
        aria-label="Item filters"
        sx={{ display: 'grid', gap: 1.5, mb: 2, alignItems: 'center', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}
      >
        <SearchField labelled label="Search" size="small" placeholder="Name, SKU or barcode" onSettled={setTyped} />
        <SelectInput
          label="Category"
          size="small"
          value={category}
          onChange={setCategory}
          options={INVENTORY_CATEGORIES.map((c) => ({ value: c, label: INVENTORY_CATEGORY_LABELS[c] }))}
          emptyLabel="All categories"
        />
        <SwitchInput label="Show archived" checked={archived} onChange={setArchived} />
      </Box>
      <DataTable
        label="Items"
        rows={items.data?.items}
        columns={columns}
        loadError={loadErrorOf(items)}
        loading={items.isFetching}
        noRowsLabel={typed || category ? 'No items match' : 'No items yet'}
        server={pages.table(items.data?.total)}
        isRowMuted={(i) => i.archivedAt !== null}
        autoRowHeight={phone}
      />
      {form && <ItemFormDialog open item={editing} locationId={working.locationId} onClose={() => setForm(null)} />}
      {confirmArchive.dialog}
      {confirmDelete.dialog}
    </>
  );
}
