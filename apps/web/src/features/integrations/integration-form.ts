import { INTEGRATION_CATALOGUE, INTEGRATION_SERVICES } from '@willow/contracts';
import type { Integration, IntegrationFieldInfo, IntegrationService, IntegrationServiceInfo } from '@willow/contracts';
import { numberOrNull } from '../../components/form-fields';

/**
 * An integration's form, generated from the catalogue: one text value per field, keyed by the
 * path the contract's errors name ('publicKey', 'privateKey', 'settings.fromEmail'), so each
 * error lands under its field.
 */
export type IntegrationFormValues = Record<string, string>;

export interface IntegrationFormField extends IntegrationFieldInfo {
  /** the value's key, which is also the path the contract's errors name */
  key: string;
  type: 'text' | 'email' | 'url' | 'number' | 'select' | 'phone' | 'secret';
  options?: readonly string[];
}

/** The services staff set up through the form, in the catalogue's order (the webhook has its own action). */
export const FORM_SERVICES = INTEGRATION_SERVICES.filter((s) => !INTEGRATION_CATALOGUE[s].createdByAction);

/** The fields of a service's form, in order: the public part, the private part, its settings. */
export function integrationFields(service: IntegrationService): IntegrationFormField[] {
  const info: IntegrationServiceInfo = INTEGRATION_CATALOGUE[service];
  return [
    ...(info.publicKey ? [{ ...info.publicKey, key: 'publicKey', type: 'text' as const }] : []),
    ...(info.privateKey ? [{ ...info.privateKey, key: 'privateKey', type: 'secret' as const }] : []),
    ...info.settings.map(({ key, ...setting }) => ({ ...setting, key: `settings.${key}` })),
  ];
}

/** Empty values for a new integration; a choice starts at its first option. */
export function blankValues(service: IntegrationService): IntegrationFormValues {
  return Object.fromEntries(integrationFields(service).map((f) => [f.key, f.type === 'select' ? (f.options?.[0] ?? '') : '']));
}

/** An integration's stored values for editing; the secret is never known, so it starts empty. */
export function valuesFrom(integration: Integration): IntegrationFormValues {
  return Object.fromEntries(
    integrationFields(integration.service).map((f) => {
      if (f.key === 'publicKey') return [f.key, integration.publicKey ?? ''];
      if (f.key === 'privateKey') return [f.key, ''];
      const stored = integration.settings[f.key.slice('settings.'.length)];
      return [f.key, stored === null || stored === undefined ? '' : String(stored)];
    }),
  );
}

/**
 * The form's values as the contract's input: numbers as numbers, the public part only where the
 * service has one. On an edit an empty secret is sent empty, which keeps the stored one.
 */
export function toIntegrationInput(service: IntegrationService, values: IntegrationFormValues, locationId?: string): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  const input: Record<string, unknown> = { service, ...(locationId && { locationId }) };
  for (const f of integrationFields(service)) {
    const value = values[f.key] ?? '';
    if (f.key === 'publicKey' || f.key === 'privateKey') input[f.key] = value;
    else settings[f.key.slice('settings.'.length)] = f.type === 'number' ? numberOrNull(value) : value;
  }
  return { ...input, settings };
}

/** How staff know an integration: a partner by the name it was given, else the service's label. */
export function integrationLabel(service: IntegrationService, integration?: Integration): string {
  const name = integration?.settings.name;
  const label = INTEGRATION_CATALOGUE[service].label;
  return typeof name === 'string' && name.trim() ? `${name} (${label})` : label;
}
