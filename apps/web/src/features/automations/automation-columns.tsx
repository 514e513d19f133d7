import { Chip, Link, Switch, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import { foldedColumn } from '../../components/data-table';
import type { AutomationKind } from '@willow/contracts';
import { describeTrigger } from './automation-rules';
import type { AnyAutomation } from './automations.api';

export const KIND_LABELS: Record<AutomationKind, string> = { email: 'Email', sms: 'SMS', task: 'Task' };

export interface AutomationRowActions {
  edit: (a: AnyAutomation) => void;
  remove: (a: AnyAutomation) => void;
  setActive: (a: AnyAutomation, active: boolean) => void;
}

interface ColumnOptions {
  /** locations.manage: edit, delete and pause; read-only rows otherwise */
  canManage: boolean;
  /** a phone: the facts fold into one column under the name */
  phone: boolean;
}

const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();

export const whereOf = (a: AnyAutomation) => a.location?.name ?? 'All locations';
export const approvalOf = (a: AnyAutomation) => (a.requiresApproval ? 'Requires approval' : 'Goes by itself');
/** What it sends or makes, in a few words. */
export const actionOf = (a: AnyAutomation) =>
  a.kind === 'email' ? (a.emailTemplate?.name ?? '') : a.kind === 'sms' ? (a.smsTemplate?.name ?? '') : `Task: ${a.taskTitle}`;

function ActiveSwitch({ row, actions, canManage }: { row: AnyAutomation; actions: AutomationRowActions; canManage: boolean }) {
  return (
    <Tooltip title={row.active ? 'Active: click to pause' : 'Paused: click to resume'}>
      <Switch
        size="small"
        checked={row.active}
        disabled={!canManage}
        onClick={stop}
        onChange={(event) => actions.setActive(row, event.target.checked)}
        slotProps={{ input: { 'aria-label': `Active: ${row.name}` } }}
      />
    </Tooltip>
  );
}

function NameCell({ row, actions, canManage }: { row: AnyAutomation; actions: AutomationRowActions; canManage: boolean }) {
  if (!canManage) return <span>{row.name}</span>;
  return (
    <Link component="button" type="button" onClick={(e) => (stop(e), actions.edit(row))} sx={{ color: 'inherit', fontWeight: 500, textAlign: 'left' }}>
      {row.name}
    </Link>
  );
}

const pendingChip = (row: AnyAutomation) => (row.pendingCount > 0 ? <Chip size="small" label={`${row.pendingCount} waiting`} /> : null);

/**
 * The list's columns: kind, name, the trigger in words, where, on or paused (one click), approval,
 * how many items wait. On a phone they fold into one column (name, then the facts on lines of
 * their own) beside the switch, so nothing runs off the screen.
 */
export function automationColumns(actions: AutomationRowActions, { canManage, phone }: ColumnOptions): GridColDef<AnyAutomation>[] {
  const rowActions: GridColDef<AnyAutomation> = {
    field: 'actions',
    type: 'actions',
    width: phone ? 48 : 90,
    getActions: ({ row }) => [
      <GridActionsCellItem key="edit" icon={<EditIcon />} label={`Edit ${row.name}`} onClick={() => actions.edit(row)} showInMenu={phone} />,
      <GridActionsCellItem key="delete" icon={<DeleteIcon />} label={`Delete ${row.name}`} onClick={() => actions.remove(row)} showInMenu={phone} />,
    ],
  };
  const active: GridColDef<AnyAutomation> = {
    field: 'active',
    headerName: 'Active',
    width: 72,
    sortable: false,
    renderCell: ({ row }) => <ActiveSwitch row={row} actions={actions} canManage={canManage} />,
  };
  if (phone)
    return [
      foldedColumn<AnyAutomation>('name', 'Automation', (row) => (
        <>
          <NameCell row={row} actions={actions} canManage={canManage} />
          <Typography variant="body2" component="div">
            {`${KIND_LABELS[row.kind]} · ${describeTrigger(row)}`}
          </Typography>
          <Typography variant="body2" component="div" sx={{ color: 'text.secondary' }}>
            {`${whereOf(row)} · ${approvalOf(row)}`}
          </Typography>
          {pendingChip(row)}
        </>
      )),
      active,
      ...(canManage ? [rowActions] : []),
    ];
  return [
    { field: 'kind', headerName: 'Kind', width: 70, valueGetter: (_v, row) => KIND_LABELS[row.kind] },
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 160, renderCell: ({ row }) => <NameCell row={row} actions={actions} canManage={canManage} /> },
    { field: 'trigger', headerName: 'Trigger', flex: 1.2, minWidth: 220, sortable: false, valueGetter: (_v, row) => describeTrigger(row) },
    { field: 'action', headerName: 'Sends', flex: 0.8, minWidth: 140, sortable: false, valueGetter: (_v, row) => actionOf(row) },
    { field: 'location', headerName: 'Location', width: 150, valueGetter: (_v, row) => whereOf(row) },
    active,
    { field: 'requiresApproval', headerName: 'Approval', width: 140, valueGetter: (_v, row) => approvalOf(row) },
    { field: 'pendingCount', headerName: 'Waiting', width: 80, type: 'number' },
    ...(canManage ? [rowActions] : []),
  ];
}
