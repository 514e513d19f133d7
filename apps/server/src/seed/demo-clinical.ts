import type { Db } from '../db/client.js';
import { prescriptionsRepository, vaccinationsRepository } from '../features/care/care.repository.js';
import { clientsRepository } from '../features/clients/clients.repository.js';
import { contactsRepository } from '../features/contacts/contacts.repository.js';
import { speciesRepository } from '../features/locations/locations.repository.js';
import { patientsRepository } from '../features/patients/patients.repository.js';
import type { Scope } from '../platform/tenant-repository.js';
import { BREEDS, COLOURS, DRUGS, FIRST_NAMES, LAST_NAMES, PET_NAMES, pick, prng, STREETS, VACCINES } from './names.js';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Clients with their patients (one deceased), contacts, prescriptions and vaccinations (some
 * overdue, some due soon) for one demo location.
 */
export async function seedClinicalDemo(
  db: Db,
  scope: Scope,
  opts: { locationId: string; species: string[]; clients: number; seed: number; vetId: string | null; emailDomain: string },
) {
  const rand = prng(opts.seed);
  const catalogue = await speciesRepository.findByNames(db, opts.species);
  const clientRows = Array.from({ length: opts.clients }, (_, i) => {
    const firstName = pick(rand, FIRST_NAMES);
    const lastName = pick(rand, LAST_NAMES);
    return {
      locationId: opts.locationId,
      firstName,
      lastName,
      email: `${firstName}.${lastName}.${i}@${opts.emailDomain}`.toLowerCase().replace(/'/g, ''),
      phone: `+1 555 01${String(10 + Math.floor(rand() * 89))} ${String(1000 + Math.floor(rand() * 8999))}`,
      address: `${1 + Math.floor(rand() * 400)} ${pick(rand, STREETS)} Street`,
      primaryVeterinarianId: rand() < 0.6 ? opts.vetId : null,
    };
  });
  const clients = await clientsRepository.insertMany(db, scope, clientRows);

  const patientRows = clients.flatMap((client, i) =>
    Array.from({ length: 1 + Math.floor(rand() * 2.4) }, (_, j) => {
      const kind = pick(rand, catalogue);
      const ageYears = 1 + Math.floor(rand() * 14);
      return {
        clientId: client.id,
        locationId: opts.locationId,
        name: pick(rand, PET_NAMES),
        speciesId: kind.id,
        breed: pick(rand, BREEDS[kind.name] ?? ['Mixed']),
        sex: rand() < 0.5 ? 'male' : 'female',
        neutered: rand() < 0.7,
        dateOfBirth: day(-ageYears * 365 - Math.floor(rand() * 300)),
        weightKg: kind.name === 'Dog' ? Math.round((5 + rand() * 35) * 10) / 10 : kind.name === 'Cat' ? Math.round((3 + rand() * 4) * 10) / 10 : null,
        microchip: rand() < 0.6 ? String(900_000_000_000_000 + Math.floor(rand() * 99_999_999_999)) : null,
        colour: pick(rand, COLOURS),
        alerts: rand() < 0.1 ? ['bites'] : rand() < 0.1 ? ['anxious at the vet'] : [],
        // The first client's first pet died recently: the end-of-life story of the demo.
        ...(i === 0 && j === 0 ? { deceasedOn: day(-9), deceasedNote: 'Peaceful home euthanasia; family present.' } : {}),
      };
    }),
  );
  await patientsRepository.insertMany(db, scope, patientRows);
  const patients = await patientsRepository.list(db, scope, patientsRepository.listOptions({ locationId: opts.locationId }));

  for (const [n, patient] of patients.entries()) {
    if (n % 2 === 0) {
      // Given a year ago with a yearly booster: due dates spread from 40 days overdue to 60 days ahead.
      const dueOffset = -40 + Math.floor(rand() * 100);
      await vaccinationsRepository.insert(db, scope, {
        locationId: patient.locationId,
        patientId: patient.id,
        clientId: patient.clientId,
        vaccine: pick(rand, VACCINES),
        givenOn: day(dueOffset - 365),
        nextDueOn: day(dueOffset),
        lotNumber: `L${100000 + Math.floor(rand() * 899999)}`,
        providerId: opts.vetId,
      });
    }
    if (n % 4 === 1) {
      const rx = pick(rand, DRUGS);
      await prescriptionsRepository.insert(db, scope, {
        ...rx,
        locationId: patient.locationId,
        patientId: patient.id,
        clientId: patient.clientId,
        refills: Math.floor(rand() * 3),
        prescriberId: opts.vetId,
        prescribedOn: day(-Math.floor(rand() * 60)),
        expiresOn: day(180),
        instructions: 'Give with food. Call us if vomiting or loss of appetite.',
      });
    }
  }
  return clients;
}

export async function seedDemoContacts(db: Db, scope: Scope, familyOf: { id: string; lastName: string } | undefined) {
  const contacts = [
    { name: 'Dr. Helen Park', organisation: 'Northside Referral Hospital', category: 'referring_vet', email: 'referrals@northside.example', phone: '+1 555 0100 2000' },
    { name: 'Evergreen Pet Cremation', organisation: 'Evergreen Pet Cremation', category: 'crematory', email: 'care@evergreen.example', phone: '+1 555 0100 3000' },
    { name: 'Evergreen Pet Cremation Services', organisation: 'Evergreen Pet Cremation', category: 'crematory', email: 'office@evergreen.example', phone: '+1 555 0100 3001' },
    { name: 'VetSupply Direct', organisation: 'VetSupply Direct', category: 'supplier', email: 'orders@vetsupply.example', phone: '+1 555 0100 4000' },
    ...(familyOf ? [{ name: `Sam ${familyOf.lastName}`, organisation: null, category: 'family_member', email: null, phone: '+1 555 0100 5000', clientId: familyOf.id }] : []),
  ];
  for (const c of contacts) await contactsRepository.insert(db, scope, c);
}
