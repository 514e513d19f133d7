import { Box, Checkbox, Chip, Link, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { TASK_PRIORITY_LABELS } from '@willow/contracts';
import type { Task } from '@willow/contracts';
import { formatDateTime } from '../../lib/dates';
import { formatInZone } from '../appointments/appointment-times';
import { assigneeName } from './assignee-options';
import type { TaskActions } from './use-task-actions';

interface ColumnOptions {
  /** the zone each task's times are read in: its location's */
  zoneOf: (locationId: string) => string;
  /** a record's own tab leaves out the link back to it */
  withAbout?: boolean;
  /** the Completed view says when and by whom */
  completed?: boolean;
}

/** What a task is about, in a few words: its client and patient, appointment, invoice. */
export function aboutOf(task: Task): string {
  return [task.client?.name, task.patient?.name, task.appointment && `Appt. ${task.appointment.label}`, task.invoice && `Invoice ${task.invoice.label}`]
    .filter(Boolean)
    .join(' · ');
}

const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();

export function taskColumns(actions: TaskActions, { zoneOf, withAbout = true, completed = false }: ColumnOptions): GridColDef<Task>[] {
  const columns: GridColDef<Task>[] = [
    {
      // One click completes (or opens again); the toast offers Undo.
      field: 'done',
      headerName: 'Done',
      width: 64,
      sortable: false,
      renderCell: ({ row }) => {
        const done = row.completedAt !== null;
        const label = done ? `Reopen ${row.title}` : `Complete ${row.title}`;
        return (
          <Tooltip title={done ? 'Reopen' : 'Complete'}>
            <Checkbox
              checked={done}
              onClick={stop}
              onChange={() => void (done ? actions.reopen(row) : actions.complete(row))}
              slotProps={{ input: { 'aria-label': label } }}
            />
          </Tooltip>
        );
      },
    },
    {
      field: 'title',
      headerName: 'Task',
      flex: 1,
      minWidth: 170,
      renderCell: ({ row }) => (
        <Link component="button" type="button" onClick={(e) => (stop(e), actions.edit(row))} sx={{ color: 'inherit', fontWeight: 500, textAlign: 'left' }}>
          {row.title}
        </Link>
      ),
    },
    {
      field: 'dueAt',
      headerName: 'Due',
      width: 230,
      renderCell: ({ row }) =>
        row.dueAt ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: '100%' }}>
            <Typography variant="body2" component="span" sx={row.overdue ? { color: 'error.dark', fontWeight: 600 } : undefined}>
              {formatInZone(row.dueAt, zoneOf(row.locationId))}
            </Typography>
            {row.overdue && <Chip size="small" color="error" label="Overdue" />}
          </Box>
        ) : (
          ''
        ),
    },
    {
      field: 'priority',
      headerName: 'Priority',
      width: 90,
      renderCell: ({ row }) =>
        row.priority === 'high' ? <Chip size="small" color="warning" variant="outlined" label={TASK_PRIORITY_LABELS.high} /> : TASK_PRIORITY_LABELS[row.priority],
    },
    { field: 'assignee', headerName: 'Assigned to', width: 160, sortable: false, valueGetter: (_v, row) => assigneeName(row) },
  ];
  if (withAbout)
    columns.push({
      field: 'about',
      headerName: 'About',
      flex: 1,
      minWidth: 160,
      sortable: false,
      valueGetter: (_v, row) => aboutOf(row),
      renderCell: ({ row }) =>
        row.client ? (
          <>
            <Link component={RouterLink} to={row.patient ? `/patients/${row.patient.id}` : `/clients/${row.client.id}`} onClick={stop}>
              {row.patient ? `${row.patient.name} (${row.client.name})` : row.client.name}
            </Link>
            {aboutOf({ ...row, client: null, patient: null }) && ` · ${aboutOf({ ...row, client: null, patient: null })}`}
          </>
        ) : (
          aboutOf(row)
        ),
    });
  if (completed)
    columns.push({
      field: 'completedAt',
      headerName: 'Completed',
      width: 220,
      valueGetter: (_v, row) => (row.completedAt ? `${formatDateTime(row.completedAt)}${row.completedBy ? ` by ${row.completedBy.name}` : ''}` : ''),
    });
  columns.push({
    field: 'actions',
    type: 'actions',
    width: 90,
    getActions: ({ row }) => [
      <GridActionsCellItem key="edit" icon={<EditIcon />} label={`Edit ${row.title}`} onClick={() => actions.edit(row)} />,
      <GridActionsCellItem key="delete" icon={<DeleteIcon />} label={`Delete ${row.title}`} onClick={() => actions.remove(row)} />,
    ],
  });
  return columns;
}
