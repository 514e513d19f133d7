import { z } from 'zod';
import { authenticated, operation } from './operation.js';
import { idField } from './rules.js';
import { ClientSummary } from './clients.js';
import { Patient } from './patients.js';

export const SearchResult = z.object({
  clients: z.array(ClientSummary.pick({ id: true, firstName: true, lastName: true, email: true, phone: true, locationId: true })),
  patients: z.array(
    Patient.pick({ id: true, name: true, clientId: true, speciesName: true, microchip: true, deceasedOn: true }).extend({
      clientName: z.string(),
    }),
  ),
});
export type SearchResult = z.infer<typeof SearchResult>;
export const globalSearch = operation({
  method: 'GET',
  path: '/api/search',
  access: authenticated,
  tag: 'clients',
  summary: 'Clients and patients matching a name, phone, email or microchip',
  query: z.object({ q: z.string().trim().min(1, 'is required').max(100), locationId: idField().optional() }),
  response: SearchResult,
});
