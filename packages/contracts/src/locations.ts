import { z } from 'zod';
import { anyOf, authenticated, operation } from './operation.js';
import { idField, IdParams, nameField, queryBoolean, timeZoneField, wrapped, patchOf } from './rules.js';
import { LocationIntegration } from './integrations.js';

export const Species = z.object({ id: z.string(), name: z.string() });
export type Species = z.infer<typeof Species>;
export const listSpecies = operation({
  method: 'GET',
  path: '/api/species',
  access: authenticated,
  tag: 'locations',
  summary: 'The species catalogue locations choose from',
  response: z.array(Species),
});

export const Location = z.object({
  id: z.string(),
  name: z.string(),
  timezone: z.string(),
  isActive: z.boolean(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  species: z.array(Species),
  /** the services set up for the location (SPEC §3) */
  integrations: z.array(LocationIntegration),
  /** whether the location has a letterhead logo (GET /api/location/{id}/logo) */
  hasLogo: z.boolean(),
});
export type Location = z.infer<typeof Location>;
export const LocationInput = z.object({
  name: nameField(),
  timezone: timeZoneField(),
  isActive: z.boolean().default(true),
  address: z.string().trim().max(300, 'must be at most 300 characters').nullable().default(null),
  phone: z.string().trim().max(40, 'must be at most 40 characters').nullable().default(null),
});
export type LocationInput = z.input<typeof LocationInput>;
/**
 * A new location starts with species to book for (decision 0191): the common ones, or with
 * `speciesFrom` the list of another of the account's locations.
 */
export const CreateLocationInput = LocationInput.extend({ speciesFrom: idField().nullable().default(null) });
export type CreateLocationInput = z.input<typeof CreateLocationInput>;
export const LocationUpdateInput = patchOf(LocationInput);
export const ListLocationsQuery = z.object({ onlyActive: queryBoolean().optional() });
export const listLocations = operation({
  method: 'GET',
  path: '/api/location',
  access: authenticated,
  tag: 'locations',
  summary: 'Locations of the account, sorted by name',
  query: ListLocationsQuery,
  response: z.array(Location),
});
export const getLocation = operation({
  method: 'GET',
  path: '/api/location/{id}',
  access: authenticated,
  tag: 'locations',
  summary: 'One location',
  params: IdParams,
  response: Location,
});
export const createLocation = operation({
  method: 'POST',
  path: '/api/location',
  access: anyOf('locations.manage'),
  tag: 'locations',
  summary: 'Create a location (a super administrator may name another account)',
  query: z.object({ accountId: idField().optional() }),
  body: wrapped(CreateLocationInput),
  response: Location,
  status: 201,
});
export const updateLocation = operation({
  method: 'POST',
  path: '/api/location/{id}',
  access: anyOf('locations.manage'),
  tag: 'locations',
  summary: 'Update a location',
  params: IdParams,
  body: wrapped(LocationUpdateInput),
  response: Location,
});
export const UpdateSpeciesInput = z.object({
  locationId: idField(),
  speciesId: idField(),
  action: z.enum(['add', 'remove']),
});
export const updateLocationSpecies = operation({
  method: 'POST',
  path: '/api/location/updateSpecies',
  access: anyOf('locations.manage'),
  tag: 'locations',
  summary: 'Add a species to, or remove one from, a location’s list',
  body: wrapped(UpdateSpeciesInput),
  response: Location,
});

// ---------- the letterhead logo printed on the location's PDFs ----------
export const LOCATION_LOGO_MAX_BYTES = 1024 * 1024;
export const LOCATION_LOGO_TYPES: Record<string, string> = { 'image/png': 'PNG image', 'image/jpeg': 'JPEG image' };
export const LOCATION_MESSAGES = {
  logoTooLarge: 'The logo is too large. A logo may be at most 1 MB.',
  logoBadType: 'A logo must be a PNG or JPEG image.',
  /** it starts like a PNG or JPEG but does not decode (damaged, cut short) or is too large in pixels */
  logoUnreadable: 'The logo could not be read as an image: the file is damaged or too large in pixels. Please choose another PNG or JPEG file.',
  noLogo: 'This location has no logo',
} as const;

/** multipart/form-data with one file named "file" (PNG or JPEG, at most 1 MB). */
export const uploadLocationLogo = operation({
  method: 'POST',
  path: '/api/location/{id}/logo',
  access: anyOf('locations.manage'),
  tag: 'locations',
  summary: 'Set the letterhead logo of a location (multipart/form-data: a PNG or JPEG named "file", at most 1 MB)',
  params: IdParams,
  response: Location,
});
export const getLocationLogo = operation({
  method: 'GET',
  path: '/api/location/{id}/logo',
  access: authenticated,
  tag: 'locations',
  summary: 'The letterhead logo of a location (the image itself; 404 when it has none)',
  params: IdParams,
  response: z.unknown(),
});
export const removeLocationLogo = operation({
  method: 'DELETE',
  path: '/api/location/{id}/logo',
  access: anyOf('locations.manage'),
  tag: 'locations',
  summary: 'Remove the letterhead logo of a location',
  params: IdParams,
  response: Location,
});
