// The merge fields a template may use, by group and by kind, with their sample values: apart from
// templates.ts (the template records and their operations) because they are a catalogue with no
// schema, read by the server's template engine and merge data as much as by the editor; zod-free
// like the other plain values (docs/decisions/0150). Re-exported by index.ts.
import type { TemplateKind } from './templates.constants.js';

/**
 * The fields a template may use, by group; the editor inserts them and the server refuses a
 * template naming any other at save time. `sample` fills the live preview.
 */
export const MERGE_FIELD_GROUPS = {
  client: {
    label: 'Client',
    fields: {
      firstName: { label: 'First name', sample: 'Maria' },
      lastName: { label: 'Last name', sample: 'Alvarez' },
      fullName: { label: 'Full name', sample: 'Maria Alvarez' },
      email: { label: 'Email', sample: 'maria@example.com' },
      phone: { label: 'Phone', sample: '+1 555 0100' },
      address: { label: 'Address', sample: '12 Elm Street, Springfield' },
    },
  },
  patient: {
    label: 'Patient',
    fields: {
      name: { label: 'Name', sample: 'Biscuit' },
      species: { label: 'Species', sample: 'Dog' },
      breed: { label: 'Breed', sample: 'Labrador' },
      sex: { label: 'Sex', sample: 'Female' },
      dateOfBirth: { label: 'Date of birth', sample: '2012-04-03' },
      /** the day the patient died as recorded (deceasedOn), written like the other long dates */
      dateOfDeath: { label: 'Date of death', sample: '24 November 2026' },
      weight: { label: 'Weight', sample: '28 kg' },
    },
  },
  appointment: {
    label: 'Appointment',
    fields: {
      date: { label: 'Date', sample: 'Tuesday, 24 November 2026' },
      time: { label: 'Time', sample: '2:30 PM' },
      status: { label: 'Status', sample: 'Confirmed' },
      service: { label: 'Service', sample: 'Home euthanasia' },
      provider: { label: 'Provider', sample: 'Dr. Sam Lee' },
      address: { label: 'Visit address', sample: '12 Elm Street, Springfield' },
      addOns: { label: 'Add-ons', sample: 'Paw print, Fur clipping' },
    },
  },
  location: {
    label: 'Location',
    fields: {
      name: { label: 'Name', sample: 'Willow Home Vet — Springfield' },
      address: { label: 'Address', sample: '1 Main Street, Springfield' },
      phone: { label: 'Phone', sample: '+1 555 0199' },
      timezone: { label: 'Time zone', sample: 'America/New_York' },
    },
  },
  practice: {
    label: 'Practice',
    fields: { name: { label: 'Name', sample: 'Willow Home Vet' } },
  },
  staff: {
    label: 'Staff member',
    fields: {
      firstName: { label: 'First name', sample: 'Sam' },
      lastName: { label: 'Last name', sample: 'Lee' },
      fullName: { label: 'Full name', sample: 'Sam Lee' },
    },
  },
  aftercare: {
    label: 'Aftercare',
    fields: {
      cremationType: { label: 'Cremation type', sample: 'Private' },
      ashesReturned: { label: 'Ashes returned', sample: 'Yes' },
      status: { label: 'Status', sample: 'Cremated' },
    },
  },
  invoice: {
    label: 'Invoice',
    fields: {
      number: { label: 'Number', sample: 'INV-0042' },
      date: { label: 'Date', sample: '24 November 2026' },
      total: { label: 'Total', sample: '$450.00' },
      balance: { label: 'Balance owed', sample: '$150.00' },
    },
  },
  link: {
    label: 'Links',
    fields: {
      form: { label: 'Form to fill in', sample: 'https://portal.example.com/form/…' },
      payment: { label: 'Payment', sample: 'https://portal.example.com/pay/…' },
    },
  },
  /** a vaccination reminder's pets and what each has due (a household's message names every pet due) */
  reminder: {
    label: 'Reminder',
    fields: {
      pets: { label: 'Pets due', sample: 'Bella and Max' },
      due: { label: 'What is due', sample: 'Bella: Rabies on 3 December 2026; Max: DHPP on 5 December 2026' },
    },
  },
  today: {
    label: 'Today',
    fields: { date: { label: 'Date', sample: '24 November 2026' } },
  },
} as const satisfies Record<string, { label: string; fields: Record<string, { label: string; sample: string }> }>;
export type MergeFieldGroup = keyof typeof MERGE_FIELD_GROUPS;

/** The groups each kind offers: a note has no invoice, a PDF page knows only its location. */
export const TEMPLATE_MERGE_GROUPS: Record<TemplateKind, readonly MergeFieldGroup[]> = {
  email: ['client', 'patient', 'appointment', 'location', 'practice', 'staff', 'aftercare', 'invoice', 'link', 'reminder', 'today'],
  sms: ['client', 'patient', 'appointment', 'location', 'practice', 'staff', 'aftercare', 'link', 'reminder', 'today'],
  note: ['client', 'patient', 'appointment', 'staff', 'aftercare', 'today'],
  document: ['client', 'patient', 'appointment', 'location', 'practice', 'staff', 'aftercare', 'today'],
  pdf: ['location', 'practice', 'today'],
  form: ['client', 'patient', 'appointment', 'location', 'practice', 'aftercare', 'today'],
  invoice: ['client', 'patient', 'location', 'practice', 'invoice', 'today'],
};

/**
 * A Markdown part's HTML (the server's rendering, values and raw HTML escaped) as a whole page:
 * what an email made from a template carries as its HTML part, and what the editor's preview shows
 * in its frame, so staff see the message as the client will.
 */
export function renderedHtmlDocument(bodyHtml: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><style>body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;font-size:14px;line-height:1.5;margin:8px;color:#1f2937;overflow-wrap:anywhere}img{max-width:100%}table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:4px}</style></head><body>${bodyHtml}</body></html>`;
}

/** `{{ client.firstName }}`: how the editor inserts a field. */
export const mergeFieldTag = (group: MergeFieldGroup, field: string) => `{{ ${group}.${field} }}`;

/** The preview's data: every group's sample values. */
export function sampleMergeData(kind: TemplateKind): Record<string, Record<string, string>> {
  const data: Record<string, Record<string, string>> = {};
  for (const group of TEMPLATE_MERGE_GROUPS[kind]) {
    const fields: Record<string, string> = {};
    for (const [name, f] of Object.entries(MERGE_FIELD_GROUPS[group].fields)) fields[name] = f.sample;
    data[group] = fields;
  }
  return data;
}
