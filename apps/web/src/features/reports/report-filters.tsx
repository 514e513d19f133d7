import { useRef, useState } from 'react';
import { Box } from '@mui/material';
import { DateInput, SelectInput } from '../../components/form-fields';
import type { FieldErrors } from '../../lib/zod-errors';
import { useItems } from '../inventory/inventory.api';
import { useLocations } from '../locations/locations.api';
import { useStaff } from '../users/users.api';
import type { FilterKey, ReportDefinition } from './report-definition';

interface ReportFiltersProps {
  definition: ReportDefinition;
  /** what each field shows (the defaults where nothing is chosen) */
  values: Record<FilterKey, string>;
  onChange: (key: FilterKey, value: string) => void;
  /** the server's refusal of a filter, shown under it */
  errors: FieldErrors | null;
}

/** The filters a report takes: its dates (typed or picked), a due-before or on-or-before day, location, provider, controlled drug and grouping. */
export function ReportFilters({ definition, values, onChange, errors }: ReportFiltersProps) {
  const locations = useLocations(false);
  const staff = useStaff();
  const providers = (staff.data ?? []).filter((s) => s.provider);
  // The ledger's drugs: few, so one page of them all, archived ones too (their entries stay in the ledger).
  const controlled = useItems({ controlled: true, includeArchived: true, limit: 200, offset: 0 }, Boolean(definition.controlledItem));
  const field = { flex: '1 1 160px', minWidth: 150, maxWidth: { sm: 220 } };
  return (
    <Box role="group" aria-label="Report filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
      {definition.range && (
        <>
          <Box sx={field}>
            <TypedDateInput label="From" value={values.from} onChange={(v) => onChange('from', v)} error={errors?.from} />
          </Box>
          <Box sx={field}>
            <TypedDateInput label="To" value={values.to} onChange={(v) => onChange('to', v)} error={errors?.to} />
          </Box>
        </>
      )}
      {definition.dueBefore && (
        <Box sx={field}>
          <TypedDateInput label="Due before" value={values.dueBefore} onChange={(v) => onChange('dueBefore', v)} error={errors?.dueBefore} />
        </Box>
      )}
      {definition.before && (
        <Box sx={field}>
          <TypedDateInput label="Expires on or before" value={values.before} onChange={(v) => onChange('before', v)} error={errors?.before} />
        </Box>
      )}
      <Box sx={field}>
        <SelectInput
          size="small"
          label="Location"
          options={(locations.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
          value={values.locationId}
          onChange={(v) => onChange('locationId', v)}
          emptyLabel="All locations"
          error={errors?.locationId}
        />
      </Box>
      {definition.provider && (
        <Box sx={field}>
          <SelectInput
            size="small"
            label="Provider"
            options={providers.map((p) => ({ value: p.value, label: p.label }))}
            value={values.providerId}
            onChange={(v) => onChange('providerId', v)}
            emptyLabel="All providers"
            error={errors?.providerId}
          />
        </Box>
      )}
      {definition.controlledItem && (
        <Box sx={field}>
          <SelectInput
            size="small"
            label="Controlled drug"
            options={(controlled.data?.items ?? []).map((i) => ({ value: i.id, label: i.name }))}
            value={values.itemId}
            onChange={(v) => onChange('itemId', v)}
            emptyLabel="All controlled drugs"
            error={errors?.itemId}
          />
        </Box>
      )}
      {definition.groupBy && (
        <Box sx={field}>
          <SelectInput size="small" label="Group by" options={definition.groupBy.options} value={values.groupBy} onChange={(v) => onChange('groupBy', v)} error={errors?.groupBy} />
        </Box>
      )}
    </Box>
  );
}

/** A whole date (a four-digit year): what a date field holds once a person has finished typing it. */
export const isWholeDate = (text: string) => /^[1-9]\d{3}-\d{2}-\d{2}$/.test(text);

/**
 * A date field that keeps what is being typed and passes on only whole dates: the year typed digit
 * by digit (0002, 0020, 0202, 2026) would otherwise ask the report for each and reset the field.
 * Nor is a date half typed passed on as cleared: Chromium's box reads empty ('') while a part is
 * invalid (a day typed "0" before its "1"), and passed on, the page would put the default day back
 * in the field under the keys still being typed (decision 0288).
 */
function TypedDateInput({ label, value, onChange, error }: { label: string; value: string; onChange: (value: string) => void; error: string | undefined }) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  if (seen !== value) {
    // Changed from outside (a saved set applied, another report): shown at once.
    setSeen(value);
    setDraft(value);
  }
  return (
    <DateInput
      size="small"
      label={label}
      value={draft}
      inputRef={input}
      onValueChange={(text) => {
        setDraft(text);
        // Cleared (every part emptied): no day chosen (a range falls back to last month, "due
        // before" and "on or before" to the report's window). Empty with parts typed: half typed.
        const cleared = text === '' && !input.current?.validity.badInput;
        if (isWholeDate(text) || cleared) onChange(text);
      }}
      error={error}
    />
  );
}
