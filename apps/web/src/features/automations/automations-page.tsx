import { useCallback, useMemo, useState } from 'react';
import { Box, Button, ListItemText, Menu, MenuItem, useMediaQuery, useTheme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { AUTOMATION_MESSAGES } from '@willow/contracts';
import type { AutomationKind } from '@willow/contracts';
import { useHasAnyPermission } from '../../app/session';
import { DataTable } from '../../components/data-table';
import { SelectInput } from '../../components/form-fields';
import { loadErrorOf } from '../../components/list-error';
import { PageHeader } from '../../components/page-header';
import { QuickFilter } from '../../components/quick-filter';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { useSettings } from '../../lib/settings';
import { notifyError, notifySuccess, useErrorToast, useLoadingToast } from '../../lib/toasts';
import { useLocations } from '../locations/locations.api';
import { automationColumns, KIND_LABELS } from './automation-columns';
import type { AutomationRowActions } from './automation-columns';
import { AutomationFormDialog } from './automation-form-dialog';
import { useAllAutomations, useEveryKindMutations } from './automations.api';
import type { AnyAutomation } from './automations.api';

type KindFilter = AutomationKind | 'all';
const KIND_FILTERS: { value: KindFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'email', label: 'Email' },
  { value: 'sms', label: 'SMS' },
  { value: 'task', label: 'Task' },
];
const NEW_LABELS: Record<AutomationKind, string> = { email: 'Email', sms: 'SMS', task: 'Task' };

/**
 * Automations: the three kinds in one list (decision 0216), filtered by kind and by location (a
 * location's own and those of every location). Everyone signed in reads it (the queues follow
 * from it); creating, editing, pausing and deleting need locations.manage, like the templates
 * they send.
 */
export default function AutomationsPage() {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const canManage = useHasAnyPermission(['locations.manage']);
  const settings = useSettings();
  // The navigation's location until another is picked here; a new choice in the navigation wins again.
  const nav = settings.locationId ?? '';
  const [choice, setChoice] = useState({ nav, value: nav });
  const locationId = choice.nav === nav ? choice.value : nav;
  const setLocationId = (value: string) => setChoice({ nav, value });
  const [kind, setKind] = useState<KindFilter>('all');
  const locations = useLocations(true);
  const list = useAllAutomations(locationId || null);
  const mutations = useEveryKindMutations();
  useLoadingToast(list.isLoading, 'Loading Automations...');
  useErrorToast(list.error, AUTOMATION_MESSAGES.listError);

  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [form, setForm] = useState<{ kind: AutomationKind; automation: AnyAutomation | null } | null>(null);
  const confirmDelete = useConfirmDelete<AnyAutomation>({
    title: 'Delete automation',
    message: (a) => `Delete ${a.name}? What it has not sent yet will not go; what it sent stays in the history.`,
    run: (a) => mutations[a.kind].remove.mutateAsync(a.id),
    success: AUTOMATION_MESSAGES.deleted,
    error: AUTOMATION_MESSAGES.deleteError,
  });
  const askDelete = confirmDelete.ask;
  const { email, sms, task } = mutations;
  const setActive = useCallback(
    (a: AnyAutomation, active: boolean) =>
      ({ email, sms, task })[a.kind].update.mutateAsync({ id: a.id, data: { active } }).then(
        () => void notifySuccess(active ? AUTOMATION_MESSAGES.resumed : AUTOMATION_MESSAGES.paused),
        (error: unknown) => notifyError(AUTOMATION_MESSAGES.updateError, error),
      ),
    [email, sms, task],
  );
  const actions = useMemo<AutomationRowActions>(
    () => ({ edit: (a) => setForm({ kind: a.kind, automation: a }), remove: askDelete, setActive: (a, on) => void setActive(a, on) }),
    [askDelete, setActive],
  );
  const columns = useMemo(() => automationColumns(actions, { canManage, phone }), [actions, canManage, phone]);
  const rows = useMemo(() => list.rows?.filter((a) => kind === 'all' || a.kind === kind), [list.rows, kind]);
  // The dialog follows the cached row, so a refetch never edits a stale copy.
  const editing = form?.automation ? (list.rows?.find((a) => a.id === form.automation!.id) ?? form.automation) : null;
  const startNew = (k: AutomationKind) => {
    setMenu(null);
    setForm({ kind: k, automation: null });
  };

  return (
    <>
      <PageHeader
        title="Automations"
        subtitle={settings.locationName ?? 'All Locations'}
        actions={
          canManage && (
            <>
              <Button variant="contained" startIcon={<AddIcon />} aria-haspopup="menu" onClick={(e) => setMenu(e.currentTarget)}>
                New automation
              </Button>
              <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
                {(['email', 'sms', 'task'] as const).map((k) => (
                  <MenuItem key={k} onClick={() => startNew(k)}>
                    <ListItemText>{NEW_LABELS[k]}</ListItemText>
                  </MenuItem>
                ))}
              </Menu>
            </>
          )
        }
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'center' }} role="group" aria-label="Automation filters">
        <QuickFilter label="Kind" value={kind} options={KIND_FILTERS} onChange={setKind} />
        {(locations.data?.length ?? 0) > 1 && (
          <Box sx={{ minWidth: 200, maxWidth: '100%', flex: { xs: '1 1 100%', sm: '0 1 260px' } }}>
            <SelectInput
              label="Location"
              size="small"
              value={locationId}
              onChange={setLocationId}
              options={(locations.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
              emptyLabel="All locations"
            />
          </Box>
        )}
      </Box>
      <DataTable
        label="Automations"
        rows={rows}
        columns={columns}
        loadError={loadErrorOf(list)}
        loading={list.isFetching}
        noRowsLabel={kind === 'all' ? 'No automations yet' : `No ${KIND_LABELS[kind]} automations`}
        autoRowHeight={phone}
      />
      {form && (
        <AutomationFormDialog
          key={`${form.kind}:${form.automation?.id ?? 'new'}`}
          kind={form.kind}
          open
          automation={editing}
          locationId={locationId || null}
          onClose={() => setForm(null)}
        />
      )}
      {confirmDelete.dialog}
    </>
  );
}
