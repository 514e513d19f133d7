// The demo's service catalogue, apart from the seeding itself because the large-data seed prices
// its services from the same list (large-scheduling.ts) and should not load the demo's visits.
import type { ServiceType } from '@willow/contracts';

export type ServiceKey =
  | 'wellness'
  | 'sick'
  | 'vaccination'
  | 'spay'
  | 'dental'
  | 'homeVisit'
  | 'euthanasia'
  | 'homeEuthanasia'
  | 'communalCremation'
  | 'privateCremation'
  | 'ashesDelivery'
  | 'nails';

export interface ServiceSpec {
  key: ServiceKey;
  type: ServiceType;
  name: string;
  /** minutes */
  duration: number;
  price: number;
}

/** What a small practice with an end-of-life service offers; the large seed uses it too. */
export const SERVICE_CATALOGUE: readonly ServiceSpec[] = [
  { key: 'wellness', type: 'Consultation', name: 'Wellness exam', duration: 30, price: 68 },
  { key: 'sick', type: 'Consultation', name: 'Sick visit', duration: 30, price: 85 },
  { key: 'vaccination', type: 'Vaccination', name: 'Vaccination visit', duration: 15, price: 45 },
  { key: 'spay', type: 'Surgery', name: 'Spay / neuter', duration: 120, price: 380 },
  { key: 'dental', type: 'Dental', name: 'Dental cleaning', duration: 90, price: 420 },
  { key: 'homeVisit', type: 'Home Visit', name: 'Home visit exam', duration: 60, price: 165 },
  { key: 'euthanasia', type: 'Euthanasia', name: 'In-clinic euthanasia', duration: 45, price: 275 },
  { key: 'homeEuthanasia', type: 'Euthanasia', name: 'Home euthanasia', duration: 90, price: 495 },
  { key: 'communalCremation', type: 'Cremation', name: 'Communal cremation', duration: 15, price: 125 },
  { key: 'privateCremation', type: 'Cremation', name: 'Private cremation', duration: 15, price: 260 },
  { key: 'ashesDelivery', type: 'Aftercare', name: 'Ashes home delivery', duration: 30, price: 60 },
  { key: 'nails', type: 'Other', name: 'Nail trim', duration: 15, price: 22 },
];

/** Prices differ a little between practices; whole dollars either way. */
export const priceAt = (spec: ServiceSpec, factor: number) => Math.round(spec.price * factor);
