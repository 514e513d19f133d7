import { useCallback } from 'react';
import { createIntegration, INTEGRATION_CATALOGUE, updateIntegration } from '@willow/contracts';
import type { Integration, IntegrationService } from '@willow/contracts';
import { SelectInput, TextInput } from '../../components/form-fields';
import { useEntityForm } from '../../components/use-entity-form';
import { Typography } from '@mui/material';
import { blankValues, integrationFields, integrationLabel, toIntegrationInput, valuesFrom, type IntegrationFormField, type IntegrationFormValues } from './integration-form';
import { useCreateIntegration, useUpdateIntegration } from './integrations.api';

interface IntegrationFormDialogProps {
  /** the service being set up or changed; null: closed */
  service: IntegrationService | null;
  locationId: string;
  locationName: string;
  /** the stored integration to change; null to set one up */
  integration: Integration | null;
  onClose: () => void;
}

const INPUT_TYPES = { text: 'text', email: 'email', url: 'url', number: 'number', phone: 'tel', secret: 'password' } as const;

/**
 * Sets up or changes one service of a location, with the fields its catalogue entry names. The
 * secret is never shown: a stored one is said to be set, and is replaced only when one is typed.
 */
export function IntegrationFormDialog({ service, locationId, locationName, integration, onClose }: IntegrationFormDialogProps) {
  const current = service ?? 'sendgrid';
  const create = useCreateIntegration();
  const update = useUpdateIntegration();
  const blank = useCallback(() => blankValues(current), [current]);
  const { form, dialog } = useEntityForm<IntegrationFormValues, Integration, never, Integration>({
    // An edit is checked by the update's rules (an empty secret keeps the stored one).
    ops: integration ? { update: updateIntegration } : { create: createIntegration },
    create: create as never,
    update: update as never,
    noun: 'integration',
    open: service !== null,
    record: integration,
    blank,
    fromRecord: valuesFrom,
    toInput: (values) => toIntegrationInput(current, values, integration ? undefined : locationId),
    onClose,
    title: () => `${integration ? 'Edit' : 'Set up'} ${integrationLabel(current, integration ?? undefined)} · ${locationName}`,
  });

  const field = (f: IntegrationFormField) => {
    const value = form.values[f.key] ?? '';
    const error = form.errors[f.key];
    const set = (v: string) => form.set(f.key, v);
    if (f.type === 'select') {
      return (
        <SelectInput
          key={f.key}
          label={f.label}
          required={f.required}
          options={(f.options ?? []).map((o) => ({ value: o, label: o }))}
          value={value}
          onChange={set}
          error={error}
          helperText={f.helperText}
        />
      );
    }
    const secretSet = f.type === 'secret' && integration?.privateKeySet;
    const helperText = secretSet ? `${f.label} is set. Leave it empty to keep it; type a new one to replace it.` : f.helperText;
    return (
      <TextInput
        key={f.key}
        label={f.label}
        required={f.required && !secretSet}
        type={INPUT_TYPES[f.type]}
        autoComplete={f.type === 'secret' ? 'new-password' : 'off'}
        placeholder={secretSet ? '••••••••' : undefined}
        value={value}
        onValueChange={set}
        error={error}
        helperText={helperText}
      />
    );
  };

  return dialog(
    <>
      {service && (
        <Typography variant="body2" color="text.secondary">
          {INTEGRATION_CATALOGUE[service].description}
        </Typography>
      )}
      {service && integrationFields(service).map(field)}
    </>,
  );
}
