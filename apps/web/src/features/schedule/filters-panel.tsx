import type { ReactNode } from 'react';
import { Box, Button, Checkbox, Chip, FormControlLabel, Skeleton, Stack, Typography } from '@mui/material';
import { APPOINTMENT_STATUSES, DEFAULT_SELECTED_STATUSES, STATUS_COLOURS } from '@willow/contracts';
import type { AppointmentStatus, Service, SidebarProvider } from '@willow/contracts';
import { updateSettings } from '../../lib/settings';
import { providerName, toggleSelection } from './calendar-filters';
import type { CalendarFilters } from './calendar-filters';

const HIDDEN_BY_DEFAULT = APPOINTMENT_STATUSES.filter((s) => !DEFAULT_SELECTED_STATUSES.includes(s)).join(' and ');

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', minHeight: 30 }}>
        <Typography variant="subtitle2" component="h2">
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Box>
  );
}

function CheckList({ items, selected, onChange }: { items: { id: string; label: string }[]; selected: readonly string[]; onChange: (next: string[]) => void }) {
  const all = items.map((i) => i.id);
  const shown = (id: string) => selected.length === 0 || selected.includes(id);
  return (
    <Stack>
      {items.map((item) => (
        <FormControlLabel
          key={item.id}
          sx={{ mr: 0, '& .MuiFormControlLabel-label': { fontSize: 14, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } }}
          control={
            <Checkbox
              size="small"
              checked={shown(item.id)}
              disabled={items.length === 1}
              onChange={(e) => onChange(toggleSelection(all, selected, item.id, e.target.checked))}
            />
          }
          label={item.label}
        />
      ))}
    </Stack>
  );
}

/**
 * While the providers and services load, the panel shows placeholder rows only, and the whole panel
 * once they are there: a location's lists can be long, and sections drawn before them would be pushed
 * down (a layout shift) when they arrive. No "No providers" before the answer either.
 */
function LoadingPanel() {
  return (
    <Stack sx={{ p: 1.5 }} aria-busy="true" aria-label="Loading the filters">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} variant="text" height={38} width={`${80 - (i % 3) * 15}%`} />
      ))}
    </Stack>
  );
}

interface FiltersPanelProps {
  providers: readonly SidebarProvider[];
  services: readonly Service[];
  /** the providers and services have not arrived yet */
  loading?: boolean;
  filters: CalendarFilters;
  /** the statuses were saved by the user (not the default set) */
  customStatuses: boolean;
}

/** Providers, services and statuses the calendar shows; kept in the browser's settings. */
export function FiltersPanel({ providers, services, loading = false, filters, customStatuses }: FiltersPanelProps) {
  const allLink = (onClick: () => void, visible: boolean, label = 'Show all') =>
    visible ? (
      <Button size="small" onClick={onClick} sx={{ minWidth: 0, py: 0 }}>
        {label}
      </Button>
    ) : undefined;

  const toggleStatus = (status: AppointmentStatus) => {
    const on = filters.statuses.includes(status);
    if (on && filters.statuses.length === 1) return;
    const next = on ? filters.statuses.filter((s) => s !== status) : [...filters.statuses, status];
    updateSettings({ selectedStatuses: APPOINTMENT_STATUSES.filter((s) => next.includes(s)) });
  };

  if (loading) return <LoadingPanel />;
  return (
    <Stack spacing={2} sx={{ p: 1.5 }} data-testid="calendar-filters">
      <Section title="Providers" action={allLink(() => updateSettings({ selectedProviders: [] }), filters.providers.length > 0)}>
        {providers.length ? (
          <CheckList
            items={providers.map((p) => ({ id: p.id, label: providerName(p) }))}
            selected={filters.providers}
            onChange={(next) => updateSettings({ selectedProviders: next })}
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            No providers at this location
          </Typography>
        )}
      </Section>
      <Section title="Services" action={allLink(() => updateSettings({ selectedServices: [] }), filters.services.length > 0)}>
        {services.length ? (
          <CheckList
            items={services.map((s) => ({ id: s.id, label: s.name }))}
            selected={filters.services}
            onChange={(next) => updateSettings({ selectedServices: next })}
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            No services at this location
          </Typography>
        )}
      </Section>
      <Section title="Statuses" action={allLink(() => updateSettings({ selectedStatuses: [] }), customStatuses, 'Default')}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, pt: 0.5 }}>
          {APPOINTMENT_STATUSES.map((status) => {
            const on = filters.statuses.includes(status);
            return (
              <Chip
                key={status}
                size="small"
                label={status}
                color={STATUS_COLOURS[status]}
                variant={on ? 'filled' : 'outlined'}
                onClick={() => toggleStatus(status)}
                aria-pressed={on}
              />
            );
          })}
        </Box>
        {!customStatuses && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            Showing the default: all but {HIDDEN_BY_DEFAULT}
          </Typography>
        )}
      </Section>
    </Stack>
  );
}
