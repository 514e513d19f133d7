import { memo } from 'react';
import { Stack } from '@mui/material';
import type { SidebarProvider } from '@willow/contracts';
import { SelectInput } from '../../components/form-fields';
import type { FieldErrors } from '../../lib/zod-errors';
import { providerOptionsOf } from './appointment-form-options';

interface AppointmentProviderFieldsProps {
  /** the location's providers */
  providers: readonly SidebarProvider[];
  /** names of all staff, for a chosen provider who no longer is one */
  staffNames: ReadonlyMap<string, string> | undefined;
  primaryProviderId: string;
  secondaryProviderId: string;
  errors: FieldErrors;
  onPrimaryChange: (id: string) => void;
  onSecondaryChange: (id: string) => void;
}

/** The primary and secondary provider, each optional. */
export const AppointmentProviderFields = memo(function AppointmentProviderFields({
  providers,
  staffNames,
  primaryProviderId,
  secondaryProviderId,
  errors: e,
  onPrimaryChange,
  onSecondaryChange,
}: AppointmentProviderFieldsProps) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <SelectInput
        label="Primary provider"
        emptyLabel="None"
        value={primaryProviderId}
        onChange={onPrimaryChange}
        options={providerOptionsOf(providers, 'primary', primaryProviderId, staffNames)}
        error={e.primaryProviderId}
      />
      <SelectInput
        label="Secondary provider"
        emptyLabel="None"
        value={secondaryProviderId}
        onChange={onSecondaryChange}
        options={providerOptionsOf(providers, 'secondary', secondaryProviderId, staffNames)}
        error={e.secondaryProviderId}
      />
    </Stack>
  );
});
