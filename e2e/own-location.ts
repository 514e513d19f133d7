// A location of a test file's own, seeded through the API as the demo owner: its species, services,
// add-ons and staff (providers among them). A file that books, moves or lists records of a location
// works in its own, so no two files ever share a calendar, a provider or a list; the demo's two
// locations stay for the tests about the demo data. Not a test file itself.
import type { Browser, BrowserContext } from 'playwright-core';
import type { ServiceType } from '@willow/contracts';
import { baseUrl, DEMO_PASSWORD } from './browser.ts';
import { apiSignIn, json, type LocationInfo } from './clinic.ts';
import { unique } from './helpers.ts';
import type { ServiceInfo } from './scheduling.ts';

export interface ServiceSpec {
  type: ServiceType;
  name: string;
  /** minutes */
  duration: number;
  price: number;
}

/** The demo practice's services (apps/server/src/seed/demo-services.ts), to pick from by key. */
export const SERVICES = {
  wellness: { type: 'Consultation', name: 'Wellness exam', duration: 30, price: 68 },
  sick: { type: 'Consultation', name: 'Sick visit', duration: 30, price: 85 },
  vaccination: { type: 'Vaccination', name: 'Vaccination visit', duration: 15, price: 45 },
  dental: { type: 'Dental', name: 'Dental cleaning', duration: 90, price: 420 },
  homeVisit: { type: 'Home Visit', name: 'Home visit exam', duration: 60, price: 165 },
  euthanasia: { type: 'Euthanasia', name: 'In-clinic euthanasia', duration: 45, price: 275 },
  homeEuthanasia: { type: 'Euthanasia', name: 'Home euthanasia', duration: 90, price: 495 },
  communalCremation: { type: 'Cremation', name: 'Communal cremation', duration: 15, price: 125 },
  privateCremation: { type: 'Cremation', name: 'Private cremation', duration: 15, price: 260 },
  ashesDelivery: { type: 'Aftercare', name: 'Ashes home delivery', duration: 30, price: 60 },
  nails: { type: 'Other', name: 'Nail trim', duration: 15, price: 22 },
} satisfies Record<string, ServiceSpec>;

/** The demo's paw print keepsake: an add-on with one choice to make. */
export const PAW_PRINT: AddOnSpec = {
  category: 'Memorial keepsakes',
  name: 'Paw print',
  price: 45,
  options: [{ name: 'Ink colour', choices: ['Black', 'Blue', 'Red'] }],
};

export interface AddOnSpec {
  /** the category it is listed under (made once per name) */
  category: string;
  name: string;
  price: number;
  options?: { name: string; choices: string[] }[];
}

export interface PersonSpec {
  firstName: string;
  lastName: string;
}

export interface StaffSpec extends PersonSpec {
  /** one of the account's roles by name, e.g. 'Front Desk' */
  role: string;
}

export interface SeedLocationOptions {
  /** unique per file (and per run: add unique()) */
  name: string;
  /** IANA zone, e.g. 'America/New_York' */
  timeZone: string;
  /** species from the catalogue by name; Dog and Cat unless given */
  species?: string[];
  services?: ServiceSpec[];
  /** Veterinarians (primary providers) assigned to the location only */
  providers?: PersonSpec[];
  /** other staff assigned to the location only, each with a role */
  staff?: StaffSpec[];
  addOns?: AddOnSpec[];
}

/** A user made for the location; they sign in with `email` and the demo password. */
export interface StaffMember {
  id: string;
  firstName: string;
  lastName: string;
  /** 'First Last', as lists and messages show it */
  name: string;
  email: string;
}

export interface OwnLocation extends LocationInfo {
  /** in the order given */
  services: ServiceInfo[];
  providers: StaffMember[];
  staff: StaffMember[];
}

/**
 * Creates the location and what a file needs at it, with the signed-in owner's cookies of
 * `context`. The owner is not assigned to it (their own location and the demo's lists stay as they
 * are); the providers are people of the location's own, so their bookings meet no one else's.
 */
export async function seedLocation(context: BrowserContext, options: SeedLocationOptions): Promise<OwnLocation> {
  const post = async <T>(path: string, data: unknown, what: string) => json<T>(await context.request.post(path, { data: { data } }), what);

  let location = await post<LocationInfo>('/api/location', { name: options.name, timezone: options.timeZone }, 'create location');
  const catalogue = await json<{ id: string; name: string }[]>(await context.request.get('/api/species'), 'list species');
  const wanted = options.species ?? ['Dog', 'Cat'];
  // A new location starts with the common species (decision 0191): a file's own has only those it asks for.
  const started = location.species;
  for (const extra of started.filter((s) => !wanted.includes(s.name))) {
    const change = { locationId: location.id, speciesId: extra.id, action: 'remove' };
    location = await post<LocationInfo>('/api/location/updateSpecies', change, `remove species ${extra.name}`);
  }
  for (const name of wanted) {
    const species = catalogue.find((s) => s.name === name);
    if (!species) throw new Error(`No species ${name} in the catalogue`);
    const change = { locationId: location.id, speciesId: species.id, action: 'add' };
    location = await post<LocationInfo>('/api/location/updateSpecies', change, `add species ${name}`);
  }

  const services: ServiceInfo[] = [];
  for (const s of options.services ?? []) {
    services.push(await post<ServiceInfo>('/api/service', { locationId: location.id, ...s }, `create service ${s.name}`));
  }

  const categories = new Map<string, string>();
  for (const a of options.addOns ?? []) {
    let categoryId = categories.get(a.category);
    if (!categoryId) {
      categoryId = (await post<{ id: string }>('/api/addOnCategory', { locationId: location.id, name: a.category }, 'create add-on category')).id;
      categories.set(a.category, categoryId);
    }
    await post('/api/addOn', { categoryId, name: a.name, price: a.price, options: a.options ?? [] }, `create add-on ${a.name}`);
  }

  const roles = await json<{ id: string; name: string }[]>(await context.request.get('/api/role'), 'list roles');
  const person = async (p: PersonSpec, role: string): Promise<StaffMember> => {
    const roleId = roles.find((r) => r.name === role)?.id;
    if (!roleId) throw new Error(`No role named ${role}`);
    const email = `${p.firstName}.${p.lastName}.${unique()}@e2e.test`.toLowerCase();
    const user = await post<{ id: string }>(
      '/api/user',
      { firstName: p.firstName, lastName: p.lastName, email, password: DEMO_PASSWORD, roleIds: [roleId], locationIds: [location.id] },
      `create user ${p.firstName} ${p.lastName}`,
    );
    return { id: user.id, firstName: p.firstName, lastName: p.lastName, name: `${p.firstName} ${p.lastName}`, email };
  };
  const providers: StaffMember[] = [];
  for (const p of options.providers ?? []) providers.push(await person(p, 'Veterinarian'));
  const staff: StaffMember[] = [];
  for (const s of options.staff ?? []) staff.push(await person(s, s.role));

  return { ...location, services, providers, staff };
}

/**
 * seedLocation in a browser context of its own, signed in as the demo owner through the API; for a
 * file's beforeAll. The pages then sign in as usual and choose the location by its name.
 */
export async function seedOwnLocation(browser: Browser, options: SeedLocationOptions): Promise<OwnLocation> {
  const context = await browser.newContext({ baseURL: baseUrl() });
  try {
    await apiSignIn(context);
    return await seedLocation(context, options);
  } finally {
    await context.close();
  }
}
