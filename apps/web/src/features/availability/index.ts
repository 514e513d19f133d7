export { AvailabilityDialog } from './availability-dialog';
export type { AvailabilityPerson } from './availability-dialog';
export { MyAvailabilityCard } from './my-availability-card';
