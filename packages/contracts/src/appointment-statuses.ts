// An appointment's statuses and the rules between them (which move is allowed, what a move needs,
// who may correct a finished one): apart from appointments.ts (the records, inputs and operations)
// because they are rules with no schema, used alike by the server's status service, the calendar
// and the seed; re-exported by index.ts like every contracts module.
import type { Permission } from './permissions.js';
import { END_OF_LIFE_SERVICE_TYPES, isVisitService } from './services.js';

export const APPOINTMENT_STATUSES = [
  'Pending',
  'Confirmed',
  'Checked In',
  'Checked Out',
  'Completed',
  'Submitted For Cremation',
  'Cremated',
  'Ashes Delivered',
  'Ashes Spread',
  'Cancelled',
  'Rejected',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export const REGULAR_STATUSES = ['Pending', 'Confirmed', 'Checked In', 'Checked Out', 'Completed'] as const satisfies readonly AppointmentStatus[];
export const CREMATION_STATUSES = [
  'Submitted For Cremation',
  'Cremated',
  'Ashes Delivered',
  'Ashes Spread',
] as const satisfies readonly AppointmentStatus[];
/** The default selection is regular plus cremation statuses (not Cancelled or Rejected). */
export const DEFAULT_SELECTED_STATUSES: readonly AppointmentStatus[] = [...REGULAR_STATUSES, ...CREMATION_STATUSES];
/** Statuses that no longer hold time in the calendar: they never count as overlaps. */
export const INACTIVE_STATUSES: readonly AppointmentStatus[] = ['Cancelled', 'Rejected'];

export type BadgeColour = 'warning' | 'info' | 'secondary' | 'error' | 'success';
/** Each status's badge colour (MUI palette names). */
export const STATUS_COLOURS: Record<AppointmentStatus, BadgeColour> = {
  Pending: 'warning',
  Cancelled: 'warning',
  Confirmed: 'info',
  'Checked In': 'info',
  'Checked Out': 'secondary',
  'Submitted For Cremation': 'secondary',
  Rejected: 'error',
  Cremated: 'success',
  'Ashes Delivered': 'success',
  'Ashes Spread': 'success',
  Completed: 'success',
};

/**
 * Where an appointment may go from each status (docs/decisions/0020). Cancelled is reached only
 * through the cancel action; Cancelled, Rejected, Ashes Delivered and Ashes Spread are final.
 */
export const STATUS_TRANSITIONS: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  Pending: ['Confirmed', 'Rejected', 'Cancelled'],
  Confirmed: ['Checked In', 'Cancelled'],
  'Checked In': ['Checked Out'],
  'Checked Out': ['Completed', 'Submitted For Cremation'],
  Completed: ['Submitted For Cremation'],
  'Submitted For Cremation': ['Cremated'],
  Cremated: ['Ashes Delivered', 'Ashes Spread'],
  'Ashes Delivered': [],
  'Ashes Spread': [],
  Cancelled: [],
  Rejected: [],
};
export const canTransition = (from: AppointmentStatus, to: AppointmentStatus) => STATUS_TRANSITIONS[from].includes(to);
/** Statuses from which the cancel action is allowed. */
/**
 * The cremation path is for end-of-life appointments: it is entered only when one of the
 * appointment's services is euthanasia, cremation or aftercare (docs/decisions/0020).
 */
export function entersCremationWithout(from: AppointmentStatus, to: AppointmentStatus, serviceTypes: readonly string[]): boolean {
  const cremation: readonly AppointmentStatus[] = CREMATION_STATUSES;
  if (!cremation.includes(to) || cremation.includes(from)) return false;
  return !serviceTypes.some((t) => (END_OF_LIFE_SERVICE_TYPES as readonly string[]).includes(t));
}
export const cremationNeedsService = (to: AppointmentStatus) => `status: ${to} needs a euthanasia, cremation or aftercare service on the appointment`;

/**
 * Finished statuses: the visit and its aftercare are over (or it never happened). Staff who manage
 * appointments may still correct them, with a reason (docs/decisions/0026).
 */
export const FINISHED_STATUSES: readonly AppointmentStatus[] = ['Completed', 'Ashes Delivered', 'Ashes Spread', 'Cancelled', 'Rejected'];
export const isFinished = (s: AppointmentStatus) => FINISHED_STATUSES.includes(s);
/** Who may correct a finished appointment (docs/decisions/0026). */
export const CORRECT_STATUS_PERMISSIONS = ['locations.manage', 'appointments.primary_provider'] as const satisfies readonly Permission[];
export const CORRECT_STATUS_DENIED = 'Only staff who manage locations or lead appointments as primary provider can correct a finished appointment';

/**
 * A euthanasia appointment reaching Completed or the cremation path marks its patients deceased
 * (docs/decisions/0028), unless staff leave them out.
 */
export function marksDeceased(to: AppointmentStatus, serviceTypes: readonly string[]): boolean {
  const after: readonly AppointmentStatus[] = ['Completed', ...CREMATION_STATUSES];
  return after.includes(to) && serviceTypes.includes('Euthanasia');
}

/**
 * The next likely status, offered as one click on the calendar block and in the dialog. An
 * end-of-life appointment goes on into the cremation chain after Checked Out; Cremated goes on to
 * Ashes Delivered (spreading is the rarer choice, one more click away). Null when finished.
 */
export function nextStatus(from: AppointmentStatus, serviceTypes: readonly string[]): AppointmentStatus | null {
  switch (from) {
    case 'Pending':
      return 'Confirmed';
    case 'Confirmed':
      return 'Checked In';
    case 'Checked In':
      return 'Checked Out';
    case 'Checked Out':
      return serviceTypes.some((type) => !isVisitService({ type })) ? 'Submitted For Cremation' : 'Completed';
    case 'Completed':
      return null;
    case 'Submitted For Cremation':
      return 'Cremated';
    case 'Cremated':
      return 'Ashes Delivered';
    default:
      return null;
  }
}

export const CANCELLABLE_STATUSES: readonly AppointmentStatus[] = APPOINTMENT_STATUSES.filter((s) => canTransition(s, 'Cancelled'));
