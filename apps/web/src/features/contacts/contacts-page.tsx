import { useMemo, useState } from 'react';
import { Box, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import MergeIcon from '@mui/icons-material/MergeType';
import type { GridRowId } from '@mui/x-data-grid';
import { DataTable } from '../../components/data-table';
import { loadErrorOf } from '../../components/list-error';
import { SelectInput } from '../../components/form-fields';
import { PageHeader } from '../../components/page-header';
import { SearchField } from '../../components/search-field';
import { useErrorToast, useLoadingToast } from '../../lib/toasts';
import { contactColumns } from './contact-columns';
import { CATEGORY_OPTIONS } from './contact-form-dialog';
import { useContacts } from './contacts.api';
import type { ContactCategory } from './contacts.api';
import { MergeDialog } from './merge-dialog';
import { RecentMerges } from './recent-merges';
import { useContactActions } from './use-contact-actions';

export default function ContactsPage() {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<ContactCategory | ''>('');
  const [selected, setSelected] = useState<GridRowId[]>([]);
  const [merging, setMerging] = useState(false);
  const contacts = useContacts({ search, category: category || undefined });
  const { actions, dialogs } = useContactActions();
  useLoadingToast(contacts.isLoading, 'Loading Contacts...');
  useErrorToast(contacts.error, 'Error getting contacts');

  const columns = useMemo(() => contactColumns(actions), [actions]);
  const rows = contacts.data;
  // Selection survives a new search, so contacts found one at a time can be merged together.
  const [known, setKnown] = useState(new Map<GridRowId, NonNullable<typeof rows>[number]>());
  const selectedContacts = useMemo(
    () => selected.map((id) => known.get(id) ?? rows?.find((r) => r.id === id)).filter((c) => c !== undefined),
    [selected, known, rows],
  );

  return (
    <>
      <PageHeader
        title="Contacts"
        actions={
          <>
            <Button
              startIcon={<MergeIcon />}
              disabled={selectedContacts.length < 2}
              onClick={() => setMerging(true)}
            >
              Merge{selectedContacts.length >= 2 ? ` (${selectedContacts.length})` : ''}
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={actions.create}>
              New contact
            </Button>
          </>
        }
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2 }}>
        <SearchField
          label="Search contacts"
          size="small"
          placeholder="Search contacts"
          onSettled={setSearch}
          sx={{ flex: '1 1 240px', maxWidth: { sm: 420 } }}
        />
        <Box sx={{ flex: '1 1 180px', maxWidth: { sm: 240 } }}>
          <SelectInput
            label="Category"
            options={CATEGORY_OPTIONS}
            value={category}
            onChange={(x) => setCategory(x as ContactCategory | '')}
            emptyLabel="All categories"
            size="small"
          />
        </Box>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', xl: 'minmax(0, 1fr) 300px' }, alignItems: 'start' }}>
        <DataTable
          label="Contacts"
          rows={rows}
          columns={columns}
          loadError={loadErrorOf(contacts)}
          loading={contacts.isFetching}
          noRowsLabel={search || category ? 'No contacts match' : 'No contacts yet'}
          selection={{
            ids: selected,
            onChange: (ids) => {
              setKnown((map) => {
                const next = new Map(map);
                for (const row of rows ?? []) if (ids.includes(row.id)) next.set(row.id, row);
                return next;
              });
              setSelected(ids);
            },
          }}
        />
        <RecentMerges />
      </Box>
      <MergeDialog
        open={merging}
        contacts={selectedContacts}
        onClose={() => setMerging(false)}
        onMerged={() => {
          setSelected([]);
          setKnown(new Map());
        }}
      />
      {dialogs}
    </>
  );
}
