import { formSchemaOf, FormField, type TemplateKind } from '@willow/contracts';
import type { Db } from '../db/client.js';
import { addOnsRepository } from '../features/add-ons/add-ons.repository.js';
import { formTemplatesRepository } from '../features/forms/form-templates.repository.js';
import {
  documentTemplatesRepository,
  emailTemplatesRepository,
  invoiceTemplateItemsTable,
  invoiceTemplatesRepository,
  noteTemplatesRepository,
  pdfTemplatesRepository,
  smsTemplatesRepository,
} from '../features/templates/templates.repository.js';
import { checkTemplate } from '../platform/template-engine.js';
import type { Scope } from '../platform/tenant-repository.js';

/** A demo template must be one the editor would save: checked like a save, or the seed fails. */
function checked(kind: TemplateKind, ...sources: string[]): void {
  for (const source of sources) {
    const problems = checkTemplate(source, kind);
    if (problems.length > 0) throw new Error(`demo ${kind} template: ${problems.map((p) => `line ${p.line}: ${p.message}`).join('; ')}`);
  }
}

/**
 * The euthanasia consent form; what the family chooses on it maps to the location's add-ons and
 * the aftercare (decision 0185), so staff accept it on the appointment in one click.
 */
const consentFields = (addOns: { pawPrint?: string | undefined; urn?: string | undefined }) =>
  [
    { key: 'ownerName', type: 'text', label: 'Your full name', required: true },
    { key: 'authority', type: 'consent', label: 'Authority', required: true, text: 'I am the owner of {{ patient.name }}, or have the owner’s authority to give this consent.' },
    {
      key: 'euthanasia',
      type: 'consent',
      label: 'Consent to euthanasia',
      required: true,
      text: 'I ask {{ practice.name }} to euthanise {{ patient.name }}. The procedure and what to expect have been explained to me.',
    },
    {
      key: 'aftercare',
      type: 'choice',
      label: 'Aftercare',
      required: true,
      options: ['Private cremation, ashes returned', 'Communal cremation, ashes not returned', 'Home burial'],
      mappings: [
        { option: 'Private cremation, ashes returned', cremationType: 'private', ashesDisposition: 'returned' },
        { option: 'Communal cremation, ashes not returned', cremationType: 'communal', ashesDisposition: 'none' },
      ],
    },
    { key: 'pawPrint', type: 'checkbox', label: 'I would like a paw print keepsake', ...(addOns.pawPrint && { mappings: [{ addOnId: addOns.pawPrint }] }) },
    { key: 'urn', type: 'checkbox', label: 'I would like an urn for the ashes', ...(addOns.urn && { mappings: [{ addOnId: addOns.urn }] }) },
    { key: 'notes', type: 'longText', label: 'Anything we should know?', help: 'A favourite blanket, music, who will be present…' },
    { key: 'signature', type: 'signature', label: 'Signature', required: true },
  ].map((f) => FormField.parse(f));

/**
 * The memorial certificate dates the death by the date of death recorded for the patient, not by
 * the day the certificate is made (decision 0196); without a recorded date it names no day.
 */
export const MEMORIAL_CERTIFICATE = [
  '# In loving memory of {{ patient.name }}',
  '',
  '{{ patient.name }}, a much-loved {{ patient.species | downcase }}, was cared for by {{ client.fullName }}.',
  '',
  '{% if patient.dateOfDeath != "" %}We were honoured to be with you both on {{ patient.dateOfDeath }}.{% else %}We were honoured to be with you both.{% endif %}',
  '',
  '— {{ staff.fullName }}, {{ location.name }}',
].join('\n');
/** What the demo seeded before: migration 0026 brings an unedited copy of it to the one above. */
export const MEMORIAL_CERTIFICATE_BEFORE = MEMORIAL_CERTIFICATE.replace(/\{% if .*\{% endif %\}/, 'We were honoured to be with you both on {{ today.date }}.');

/**
 * The templates a new practice would write first, at one demo location: the letterhead, a memorial
 * certificate on it, the aftercare email, reminder and form-request texts, a visit note, the home
 * euthanasia package as an invoice template and the euthanasia consent form.
 */
export async function seedDemoTemplates(db: Db, scope: Scope, locationId: string, services: { homeEuthanasia?: string; privateCremation?: string }) {
  const letterhead = { header: '**{{ location.name }}**\n{{ location.address }} · {{ location.phone }}', footer: 'With care, {{ practice.name }}' };
  checked('pdf', letterhead.header, letterhead.footer);
  const page = await pdfTemplatesRepository.insert(db, scope, {
    locationId,
    name: 'Letterhead',
    pageSize: 'LETTER',
    orientation: 'portrait',
    ...letterhead,
    showLogo: true,
    showPageNumbers: true,
  });

  checked('document', MEMORIAL_CERTIFICATE);
  await documentTemplatesRepository.insert(db, scope, { locationId, name: 'Memorial certificate', body: MEMORIAL_CERTIFICATE, pdfTemplateId: page.id });

  const aftercare = {
    subject: 'Thinking of you and {{ patient.name }}',
    body: [
      'Dear {{ client.firstName }},',
      '',
      'Everyone at {{ location.name }} is thinking of you. {{ patient.name }}’s {{ aftercare.cremationType | downcase }} cremation is in our care, and we will let you know as soon as the ashes are ready.',
      '',
      'If there is anything we can do, call us on {{ location.phone }}.',
      '',
      'With sympathy,  ',
      '{{ staff.fullName }}',
    ].join('\n'),
  };
  checked('email', aftercare.subject, aftercare.body);
  await emailTemplatesRepository.insert(db, scope, { locationId, name: 'Aftercare follow-up', ...aftercare });

  const texts = [
    { type: 'appointment_reminder', name: 'Visit reminder', body: 'Hi {{ client.firstName }}, this is {{ location.name }}: {{ patient.name }}’s visit is on {{ appointment.date }} at {{ appointment.time }}. Reply STOP to opt out.' },
    { type: 'form_request', name: 'Consent form', body: 'Hi {{ client.firstName }}, please fill in this form for {{ patient.name }} before the visit: {{ link.form }}' },
    { type: 'ashes_update', name: 'Ashes ready', body: 'Hi {{ client.firstName }}, {{ patient.name }}’s ashes are ready. We will call to arrange a time that suits you. {{ location.name }}' },
  ];
  for (const t of texts) checked('sms', t.body);
  await smsTemplatesRepository.insertMany(
    db,
    scope,
    texts.map((t) => ({ locationId, ...t })),
  );

  const visitNote = 'Home euthanasia for {{ patient.name }} with {{ client.fullName }}.\nSedation: \nEuthanasia solution: \nTime of death: \nAftercare: {{ aftercare.cremationType }}';
  checked('note', visitNote);
  await noteTemplatesRepository.insert(db, scope, { locationId, name: 'Euthanasia visit', body: visitNote });

  const terms = 'Thank you for trusting {{ practice.name }}. Payment is due within 14 days.';
  checked('invoice', terms);
  const packageTemplate = await invoiceTemplatesRepository.insert(db, scope, { locationId, name: 'Home euthanasia package', notes: terms, pdfTemplateId: page.id });
  await invoiceTemplateItemsTable.replace(db, scope, packageTemplate.id, [
    { description: 'Home euthanasia', quantity: 1, unitPrice: 49_500, serviceId: services.homeEuthanasia ?? null, addOnId: null },
    { description: 'Private cremation', quantity: 1, unitPrice: 26_000, serviceId: services.privateCremation ?? null, addOnId: null },
    { description: 'Paw print keepsake', quantity: 1, unitPrice: 3_500, serviceId: null, addOnId: null },
  ]);

  const catalogue = (await addOnsRepository.list(db, scope, {})).filter((a) => a.locationId === locationId);
  const addOnNamed = (name: string) => catalogue.find((a) => a.name === name)?.id;
  const CONSENT_FIELDS = consentFields({ pawPrint: addOnNamed('Paw print'), urn: addOnNamed('Urn') });
  for (const f of CONSENT_FIELDS) if (f.text) checked('form', f.text);
  await formTemplatesRepository.insert(db, scope, {
    locationId,
    name: 'Euthanasia consent',
    description: 'Please read each statement, choose the aftercare you would like and sign below.',
    purpose: 'euthanasia_consent',
    fields: CONSENT_FIELDS,
    ...formSchemaOf(CONSENT_FIELDS),
    version: 1,
  });
}
