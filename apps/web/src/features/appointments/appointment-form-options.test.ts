import { describe, expect, it } from 'vitest';
import type { SidebarProvider } from '@willow/contracts';
import {
  addsHomeService,
  hasAfterVisitService,
  isHomeService,
  onlyLivingPatient,
  patientOptionsOf,
  providerOptionsOf,
  serviceLabel,
  serviceOptionsOf,
  servicesHelp,
  visitLengthOf,
} from './appointment-form-options';
import { appointment, CLIENT_ID, CONSULT_ID, NAILS_ID, PATIENT_ID, services, VET_ID } from './test-support';

const CREMATION_ID = '0c8a8d4e-2a3b-4c5d-8e9f-000000000020';
const OTHER_CLIENT_ID = '0c8a8d4e-2a3b-4c5d-8e9f-000000000021';
const cremation = { id: CREMATION_ID, name: 'Private cremation', type: 'Cremation', duration: 120 };

describe('serviceOptionsOf', () => {
  it('offers the location’s services, then the appointment’s that are no longer offered, once each', () => {
    const onAppointment = [{ id: CONSULT_ID, name: 'Consultation', type: 'Consultation', duration: 60, price: 50 }, { ...cremation, price: 300 }];
    expect(serviceOptionsOf(services, onAppointment)).toEqual([
      { id: CONSULT_ID, name: 'Consultation', type: 'Consultation', duration: 60 },
      { id: NAILS_ID, name: 'Nail trim', type: 'Consultation', duration: 15 },
      cremation,
    ]);
  });
});

describe('the services field', () => {
  const options = serviceOptionsOf(services, [cremation]);

  it('names visit services by their minutes and the others as after the visit', () => {
    expect(options.map(serviceLabel)).toEqual(['Consultation (60 min)', 'Nail trim (15 min)', 'Private cremation (after the visit)']);
  });

  it('adds up the minutes of the chosen visit services only', () => {
    expect(visitLengthOf(options, [CONSULT_ID, NAILS_ID, CREMATION_ID])).toBe(75);
    expect(visitLengthOf(options, [CREMATION_ID])).toBe(0);
    expect(visitLengthOf(options, [])).toBe(0);
  });

  it('knows when a chosen service happens after the visit', () => {
    expect(hasAfterVisitService(options, [CONSULT_ID, CREMATION_ID])).toBe(true);
    expect(hasAfterVisitService(options, [CONSULT_ID])).toBe(false);
  });

  it('says how the services set the length', () => {
    expect(servicesHelp(0, false, false)).toBeUndefined();
    expect(servicesHelp(0, false, true)).toBe('No visit time (cremation and aftercare happen after the visit)');
    expect(servicesHelp(75, false, false)).toBe('The visit takes 75 min; the end follows it');
    expect(servicesHelp(75, true, true)).toBe('The visit takes 75 min (cremation and aftercare happen after the visit); the end is kept as you set it');
  });
});

describe('providerOptionsOf', () => {
  const NURSE_ID = '0c8a8d4e-2a3b-4c5d-8e9f-000000000022';
  const GONE_ID = '0c8a8d4e-2a3b-4c5d-8e9f-000000000023';
  const providers: SidebarProvider[] = [
    { id: VET_ID, firstName: 'Vera', lastName: 'Vet', isPrimaryProvider: true, isSecondaryProvider: true, serviceIds: [] },
    { id: NURSE_ID, firstName: 'Nico', lastName: 'Nurse', isPrimaryProvider: false, isSecondaryProvider: true, serviceIds: [] },
  ];

  it('offers the location’s providers in that role', () => {
    expect(providerOptionsOf(providers, 'primary', '', undefined)).toEqual([{ value: VET_ID, label: 'Vera Vet' }]);
    expect(providerOptionsOf(providers, 'secondary', NURSE_ID, undefined).map((o) => o.label)).toEqual(['Vera Vet', 'Nico Nurse']);
  });

  it('keeps the chosen provider who is no longer one, by name when staff know them', () => {
    expect(providerOptionsOf(providers, 'primary', NURSE_ID, new Map([[NURSE_ID, 'Nico Nurse']]))).toEqual([
      { value: VET_ID, label: 'Vera Vet' },
      { value: NURSE_ID, label: 'Nico Nurse' },
    ]);
    expect(providerOptionsOf(providers, 'primary', GONE_ID, new Map()).at(-1)).toEqual({ value: GONE_ID, label: 'Former provider' });
  });
});

describe('patientOptionsOf', () => {
  const patient = (id: string, clientId: string, name: string) => ({ id, clientId, name, speciesName: 'Dog', deceasedOn: null });
  const REX_ID = '0c8a8d4e-2a3b-4c5d-8e9f-000000000024';
  const onAppointment = { id: PATIENT_ID, name: 'Bella', speciesName: 'Cat', deceasedOn: null, alerts: ['bites'] };

  it('offers only the chosen client’s animals from a list that may still be the previous client’s', () => {
    const listed = [patient(REX_ID, CLIENT_ID, 'Rex'), patient('x', OTHER_CLIENT_ID, 'Max')];
    expect(patientOptionsOf(listed, CLIENT_ID, null).map((p) => p.name)).toEqual(['Rex']);
  });

  it('adds the appointment’s animals the list lacks while it is still for its client', () => {
    const a = appointment({ patients: [onAppointment], patientIds: [PATIENT_ID] });
    expect(patientOptionsOf([patient(REX_ID, CLIENT_ID, 'Rex')], CLIENT_ID, a).map((p) => p.name)).toEqual(['Rex', 'Bella']);
    expect(patientOptionsOf([patient(PATIENT_ID, CLIENT_ID, 'Bella')], CLIENT_ID, a)).toHaveLength(1);
    expect(patientOptionsOf([], OTHER_CLIENT_ID, a)).toEqual([]);
  });
});

describe('home services', () => {
  const euthanasia = { id: 'e', name: 'Gentle goodbye', type: 'Euthanasia', duration: 90 };
  const home = { id: 'h', name: 'House call', type: 'Home Visit', duration: 60 };
  const options = [...serviceOptionsOf(services, [cremation]), euthanasia, home];

  it('are home visits and end-of-life visits, not what happens after the visit', () => {
    expect([euthanasia, home, cremation, services[0]!].map(isHomeService)).toEqual([true, true, false, false]);
  });

  it('switch the home visit on only when one is added', () => {
    expect(addsHomeService(options, [], ['e'])).toBe(true);
    expect(addsHomeService(options, [CONSULT_ID], [CONSULT_ID, 'h'])).toBe(true);
    expect(addsHomeService(options, ['e'], ['e', CONSULT_ID])).toBe(false);
    expect(addsHomeService(options, [], [CREMATION_ID])).toBe(false);
  });
});

describe('onlyLivingPatient', () => {
  const pet = (id: string, deceasedOn: string | null = null) => ({ id, name: id, speciesName: 'Dog', deceasedOn });
  it('is the one living animal of the household, whatever the deceased ones', () => {
    expect(onlyLivingPatient([pet('rex'), pet('old', '2025-01-01')])).toBe('rex');
    expect(onlyLivingPatient([pet('rex'), pet('bella')])).toBeUndefined();
    expect(onlyLivingPatient([pet('old', '2025-01-01')])).toBeUndefined();
    expect(onlyLivingPatient([])).toBeUndefined();
  });
});
