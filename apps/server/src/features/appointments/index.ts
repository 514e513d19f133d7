// What other features use of appointments: they import it from here, never from its files
// (test/feature-layers.test.ts). Add a name when a feature above needs it.
export { toAppointment } from './appointment-reads.service.js';
export { appointmentsRepository } from './appointments.repository.js';
export type { AppointmentAddOnRow, AppointmentRow } from './appointments.repository.js';
export { addChoicesToAppointment, type AppointmentChoices } from './appointment-aftercare.service.js';
export { appointments, appointmentStatusChanges } from './appointments.table.js';
