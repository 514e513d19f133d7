import type { AddOn, AppointmentDetail, Location, Service, SidebarProvider } from '@willow/contracts';
import type { Answer, Call } from '../../test/test-support';

// ---------- fixtures: one New York location with two services and two providers ----------
export const NY = 'America/New_York';
export const LOCATION_ID = '0c8a8d4e-2a3b-4c5d-8e9f-000000000001';
export const CLIENT_ID = '0c8a8d4e-2a3b-4c5d-8e9f-000000000002';
export const CONSULT_ID = '0c8a8d4e-2a3b-4c5d-8e9f-000000000003';
export const NAILS_ID = '0c8a8d4e-2a3b-4c5d-8e9f-000000000004';
export const VET_ID = '0c8a8d4e-2a3b-4c5d-8e9f-000000000005';
export const APPOINTMENT_ID = '0c8a8d4e-2a3b-4c5d-8e9f-000000000006';
export const PATIENT_ID = '0c8a8d4e-2a3b-4c5d-8e9f-000000000007';
export const PAW_PRINT_ID = '0c8a8d4e-2a3b-4c5d-8e9f-000000000011';

const stamp = '2026-01-01T00:00:00.000Z';
export const location: Location = {
  id: LOCATION_ID,
  name: 'Riverside',
  timezone: NY,
  isActive: true,
  address: null,
  phone: null,
  species: [],
  integrations: [],
  hasLogo: false,
};
const service = (id: string, name: string, duration: number): Service => ({
  id,
  locationId: LOCATION_ID,
  type: 'Consultation',
  name,
  duration,
  price: 50,
  active: true,
  createdAt: stamp,
  updatedAt: stamp,
});
export const services: Service[] = [service(CONSULT_ID, 'Consultation', 60), service(NAILS_ID, 'Nail trim', 15)];
export const providers: SidebarProvider[] = [
  { id: VET_ID, firstName: 'Vera', lastName: 'Vet', isPrimaryProvider: true, isSecondaryProvider: false, serviceIds: [] },
];
export const client = {
  id: CLIENT_ID,
  locationId: LOCATION_ID,
  firstName: 'Dana',
  lastName: 'Owner',
  email: 'dana@example.test',
  phone: null,
  alternatePhone: null,
  address: '12 Elm Street',
  notes: null,
  primaryVeterinarianId: null,
  createdAt: stamp,
  updatedAt: stamp,
};

export function appointment(overrides: Partial<AppointmentDetail> = {}): AppointmentDetail {
  return {
    id: APPOINTMENT_ID,
    locationId: LOCATION_ID,
    status: 'Pending',
    startAt: '2026-11-23T14:00:00.000Z',
    endAt: '2026-11-23T15:00:00.000Z',
    clientId: CLIENT_ID,
    client: { id: CLIENT_ID, firstName: 'Dana', lastName: 'Owner', email: null, phone: null },
    patientIds: [],
    patients: [],
    serviceIds: [CONSULT_ID],
    services: [{ id: CONSULT_ID, name: 'Consultation', type: 'Consultation', duration: 60, price: 50 }],
    primaryProviderId: null,
    secondaryProviderId: null,
    address: null,
    notes: null,
    cancellationReason: null,
    overlapReason: null,
    source: 'staff',
    requestedTimes: [],
    emailConfirmedAt: null,
    addOns: [],
    cremationType: null,
    ashesDisposition: null,
    createdAt: stamp,
    updatedAt: stamp,
    statusHistory: [],
    ...overrides,
  };
}

/** What the dialog reads around an appointment: the location, its services and providers, the client. */
export function lookups(call: Call): Answer | undefined {
  if (call.method !== 'GET') return undefined;
  switch (call.path) {
    case '/api/location':
      return { body: [location] };
    case '/api/profile':
      return {
        body: { id: VET_ID, firstName: 'Vera', lastName: 'Vet', email: 'v@example.test', account: { id: 'a', name: 'Acc' }, location: null },
      };
    case '/api/service':
      return { body: services };
    case '/api/scheduleSlot/sidebar':
      return { body: { providers, services } };
    case '/api/user':
      return { body: [] };
    case '/api/addOn':
      return { body: [] };
    case `/api/client/${CLIENT_ID}`:
      return { body: client };
    case '/api/patient':
      return { body: { items: [], total: 0 } };
    default:
      return undefined;
  }
}

/** An add-on of the location's catalogue (a keepsake at 45), with what a test needs changed. */
export const addOnOf = (id: string, name: string, overrides: Partial<AddOn> = {}): AddOn => ({
  id,
  locationId: LOCATION_ID,
  categoryId: '0c8a8d4e-2a3b-4c5d-8e9f-000000000013',
  categoryName: 'Keepsakes',
  name,
  description: null,
  price: 45,
  options: [],
  active: true,
  createdAt: stamp,
  updatedAt: stamp,
  ...overrides,
});
