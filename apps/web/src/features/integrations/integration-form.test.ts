import { describe, expect, it } from 'vitest';
import { IntegrationInput, IntegrationUpdateInput, MESSAGES } from '@willow/contracts';
import type { Integration } from '@willow/contracts';
import { validate } from '../../lib/zod-errors';
import { blankValues, FORM_SERVICES, integrationFields, integrationLabel, toIntegrationInput, valuesFrom } from './integration-form';

const LOCATION = '11111111-1111-4111-8111-111111111111';

describe('the integration form from the catalogue', () => {
  it('has the service’s public part, secret and settings, keyed by the paths the contract names', () => {
    expect(integrationFields('sendgrid').map((f) => [f.key, f.type, f.required])).toEqual([
      ['privateKey', 'secret', true],
      ['settings.fromEmail', 'email', true],
      ['settings.fromName', 'text', false],
    ]);
    expect(integrationFields('stripe').map((f) => f.label)).toEqual(['Publishable key', 'Secret key']);
    expect(FORM_SERVICES).not.toContain('stripeWebhook');
  });

  it('starts a choice at its first option', () => {
    expect(blankValues('smtp')['settings.security']).toBe('starttls');
    expect(blankValues('quickbooks')).toEqual({ publicKey: '', privateKey: '', 'settings.environment': 'production' });
  });

  it('puts each rule’s message under its field', () => {
    const wrong = validate(IntegrationInput, toIntegrationInput('sendgrid', { privateKey: 'nope', 'settings.fromEmail': '' }, LOCATION));
    expect(wrong).toEqual({ ok: false, errors: { privateKey: 'must start with SG.', 'settings.fromEmail': 'must be a valid email address' } });
    const stripe = validate(IntegrationInput, toIntegrationInput('stripe', { publicKey: 'sk_1', privateKey: 'pk_1' }, LOCATION));
    expect(stripe).toEqual({ ok: false, errors: { publicKey: 'must start with pk', privateKey: 'must start with sk or rk' } });
    const partner = validate(IntegrationInput, toIntegrationInput('memorialPartner1', { publicKey: '', privateKey: '' }, LOCATION));
    expect(partner).toEqual({ ok: false, errors: { publicKey: 'is required', privateKey: 'is required' } });
    const named = validate(IntegrationInput, toIntegrationInput('memorialPartner2', { publicKey: 'u', privateKey: 'p', 'settings.name': 'Paws & Peace' }, LOCATION));
    expect(named).toEqual({ ok: false, errors: { 'settings.name': MESSAGES.ampersand } });
  });

  it('sends numbers as numbers', () => {
    const values = { ...blankValues('smtp'), 'settings.host': 'mail.example', 'settings.port': '587', 'settings.fromEmail': 'a@b.example' };
    const result = validate(IntegrationInput, toIntegrationInput('smtp', values, LOCATION));
    expect(result).toMatchObject({ ok: true, data: { settings: { host: 'mail.example', port: 587, security: 'starttls' } } });
    expect(validate(IntegrationInput, toIntegrationInput('smtp', { ...values, 'settings.port': 'x' }, LOCATION))).toMatchObject({
      ok: false,
      errors: { 'settings.port': 'must be a port number' },
    });
  });

  it('edits without knowing the secret: it starts empty, and empty keeps the stored one', () => {
    const stored: Integration = {
      id: 'i',
      locationId: LOCATION,
      service: 'memorialPartner2',
      publicKey: 'orders@practice.example',
      privateKeySet: true,
      settings: { name: 'Rainbow Bridge', apiUrl: null },
      connected: false,
      lastCheck: null,
    addresses: [],
      createdAt: '',
      updatedAt: '',
    };
    const values = valuesFrom(stored);
    expect(values).toEqual({ publicKey: 'orders@practice.example', privateKey: '', 'settings.name': 'Rainbow Bridge', 'settings.apiUrl': '' });
    expect(validate(IntegrationUpdateInput, toIntegrationInput('memorialPartner2', values))).toMatchObject({ ok: true, data: { privateKey: '' } });
    expect(integrationLabel('memorialPartner2', stored)).toBe('Rainbow Bridge (Memorial partner 2)');
    expect(integrationLabel('memorialPartner3')).toBe('Memorial partner 3');
  });
});
