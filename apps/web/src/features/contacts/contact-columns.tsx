import { Chip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import { CONTACT_CATEGORY_LABELS } from '@willow/contracts';
import type { Contact } from '@willow/contracts';
import { ClientLink } from './contact-values';

interface ContactActions {
  edit: (contact: Contact) => void;
  remove: (contact: Contact) => void;
}

export function contactColumns(actions: ContactActions, { withClient = true }: { withClient?: boolean } = {}): GridColDef<Contact>[] {
  const columns: GridColDef<Contact>[] = [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 150 },
    { field: 'organisation', headerName: 'Organisation', flex: 1, minWidth: 130 },
    {
      field: 'category',
      headerName: 'Category',
      width: 140,
      valueGetter: (v: Contact['category']) => CONTACT_CATEGORY_LABELS[v],
      renderCell: ({ value }) => <Chip size="small" variant="outlined" label={value as string} />,
    },
    { field: 'email', headerName: 'Email', flex: 1, minWidth: 180 },
    { field: 'phone', headerName: 'Phone', width: 140 },
  ];
  if (withClient)
    columns.push({
      field: 'clientId',
      headerName: 'Client',
      width: 150,
      sortable: false,
      renderCell: ({ row }) => (row.clientId ? <ClientLink clientId={row.clientId} /> : ''),
    });
  columns.push({
    field: 'actions',
    type: 'actions',
    width: 90,
    getActions: ({ row }) => [
      <GridActionsCellItem key="edit" icon={<EditIcon />} label={`Edit ${row.name}`} onClick={() => actions.edit(row)} />,
      <GridActionsCellItem key="delete" icon={<DeleteIcon />} label={`Delete ${row.name}`} onClick={() => actions.remove(row)} />,
    ],
  });
  return columns;
}
