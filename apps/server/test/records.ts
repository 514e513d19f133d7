// Builders for the clients slice's tests (clients, patients, care records, contacts, documents):
// each goes through the real HTTP API and fails loudly when the set-up itself is refused.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as api from '@willow/contracts';
import type { DocumentStorage } from '../src/platform/document-storage.js';
import { documents } from '../src/features/documents/documents.table.js';
import { locationsRepository, speciesRepository } from '../src/features/locations/locations.repository.js';
import type { Client, TestAccount, TestContext } from './harness.js';

/** Another location of `account` (written directly: location rules are not under test here). */
export async function addLocation(
  ctx: TestContext,
  account: TestAccount,
  opts: { timezone?: string; species?: string[]; name?: string } = {},
): Promise<string> {
  const scope = { accountId: account.accountId };
  const location = await locationsRepository.insert(ctx.database.db, scope, {
    name: opts.name ?? `Branch ${randomUUID().slice(0, 8)}`,
    timezone: opts.timezone ?? 'America/New_York',
  });
  const catalogue = await speciesRepository.list(ctx.database.db);
  for (const name of opts.species ?? ['Dog', 'Cat']) {
    await locationsRepository.addSpecies(ctx.database.db, scope, location.id, catalogue.find((s) => s.name === name)!.id);
  }
  return location.id;
}

export async function newClient(client: Client, locationId: string, data: Partial<api.ClientInput> = {}): Promise<api.Client> {
  const res = await client.call(api.createClient, { body: { data: { locationId, firstName: 'Cora', lastName: 'Client', ...data } } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.Client;
}

export async function newPatient(
  client: Client,
  clientId: string,
  speciesId: string,
  data: Partial<api.PatientInput> = {},
): Promise<api.PatientWithClient> {
  const res = await client.call(api.createPatient, { body: { data: { clientId, name: 'Rex', speciesId, ...data } } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.PatientWithClient;
}

export async function newContact(client: Client, data: Partial<api.ContactInput> = {}): Promise<api.Contact> {
  const res = await client.call(api.createContact, { body: { data: { name: 'Ivy Crematory', category: 'crematory', ...data } } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.Contact;
}

/** YYYY-MM-DD `days` from today in `timeZone`. */
export function dateIn(timeZone: string, days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The stored bytes of a document, or undefined once its file is gone. Storage keys are never
 * answered by the API, so they are read from the table.
 */
export async function storageKeyOf(ctx: TestContext, documentId: string): Promise<string> {
  const [row] = await ctx.database.db.select({ key: documents.storageKey }).from(documents).where(eq(documents.id, documentId));
  return row!.key;
}
export async function storedBytes(ctx: TestContext, key: string): Promise<Buffer | undefined> {
  const storage = (ctx.app.container.documents as unknown as { storage: DocumentStorage }).storage;
  let stream: Readable;
  try {
    stream = await storage.get(key);
  } catch {
    return undefined;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
