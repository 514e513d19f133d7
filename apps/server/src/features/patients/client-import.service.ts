// CSV import and export of clients with their patients: the format practices bring with them
// when they switch systems. An import is all rows or none. It writes and reads both, so it is the
// patients feature's, the one above clients (decision 0173); its routes keep the clients' paths.
import { ClientInput, MESSAGES, PatientInput, type ImportPreview } from '@willow/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { csvLine, parseCsv } from '../../platform/csv.js';
import { badRequest } from '../../platform/errors.js';
import { formatIssue } from '../../platform/validation.js';
import type { AuditService } from '../audit/index.js';
import { locationsRepository, assertLocationVisible } from '../locations/index.js';
import { clientsRepository, type ClientRow } from '../clients/index.js';
import { patientsRepository } from './patients.repository.js';

export const IMPORT_COLUMNS = [
  'client_first_name',
  'client_last_name',
  'client_email',
  'client_phone',
  'client_alternate_phone',
  'client_address',
  'client_notes',
  'patient_name',
  'patient_species',
  'patient_breed',
  'patient_sex',
  'patient_neutered',
  'patient_date_of_birth',
  'patient_weight_kg',
  'patient_microchip',
  'patient_colour',
] as const;
type Column = (typeof IMPORT_COLUMNS)[number];
const REQUIRED: Column[] = ['client_first_name', 'client_last_name'];
export const MAX_IMPORT_ROWS = 50_000;
/** Clients per statement of the export: a page's rows and text are all it holds at once. */
const EXPORT_PAGE = 1_000;

interface ParsedClient {
  line: number;
  client: ReturnType<typeof ClientInput.parse>;
  patients: (Omit<ReturnType<typeof PatientInput.parse>, 'clientId'> & { line: number })[];
  errors: string[];
}

const yes = (v: string) => ['yes', 'y', 'true', '1'].includes(v.trim().toLowerCase());

/**
 * Names the CSV column (client_first_name, patient_date_of_birth) rather than the schema field,
 * since the column is what the practice has to fix; product texts (the & rule) stay verbatim
 * after it.
 */
function rowError(line: number, prefix: 'client_' | 'patient_', issue: z.core.$ZodIssue): string {
  const column = `${prefix}${String(issue.path[0] ?? '').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;
  const text = formatIssue({ ...issue, path: [column] }, 'csv');
  return `line ${line}: ${text.startsWith(`${column}: `) ? text : `${column}: ${text}`}`;
}

export class ClientImportService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
  ) {}

  /**
   * Rows in, clients out: consecutive rows with the same client columns are one client with
   * several patients. Every error names its line and field.
   */
  private async parse(auth: AuthContext, locationId: string, csv: string): Promise<ParsedClient[]> {
    await assertLocationVisible(this.db, auth, locationId);
    const rows = parseCsv(csv);
    const header = (rows.shift() ?? []).map((h) => h.trim().toLowerCase());
    const missing = REQUIRED.filter((c) => !header.includes(c));
    if (missing.length) throw badRequest(`csv: the header must include ${missing.join(', ')} (columns: ${IMPORT_COLUMNS.join(', ')})`);
    if (rows.length > MAX_IMPORT_ROWS) throw badRequest(`csv: at most ${MAX_IMPORT_ROWS} rows per import`);
    const offered = (await locationsRepository.speciesOf(this.db, auth, [locationId])).get(locationId) ?? [];
    const species = new Map(offered.map((s) => [s.name.toLowerCase(), s.id]));
    const get = (row: string[], c: Column) => (header.includes(c) ? (row[header.indexOf(c)] ?? '').trim() : '');

    const result: ParsedClient[] = [];
    let previousKey = '';
    rows.forEach((row, i) => {
      const line = i + 2;
      const key = IMPORT_COLUMNS.filter((c) => c.startsWith('client_'))
        .map((c) => get(row, c))
        .join('\u0000');
      let current = result[result.length - 1];
      if (!current || key !== previousKey) {
        const parsed = ClientInput.safeParse({
          locationId,
          firstName: get(row, 'client_first_name'),
          lastName: get(row, 'client_last_name'),
          email: get(row, 'client_email') || null,
          phone: get(row, 'client_phone') || null,
          alternatePhone: get(row, 'client_alternate_phone') || null,
          address: get(row, 'client_address') || null,
          notes: get(row, 'client_notes') || null,
        });
        current = {
          line,
          client: parsed.success ? parsed.data : (undefined as never),
          patients: [],
          errors: parsed.success ? [] : parsed.error.issues.map((iss) => rowError(line, 'client_', iss)),
        };
        result.push(current);
        previousKey = key;
      }
      const name = get(row, 'patient_name');
      if (!name) return;
      const speciesName = get(row, 'patient_species');
      const speciesId = species.get(speciesName.toLowerCase());
      if (!speciesId) {
        current.errors.push(`line ${line}: patient_species: "${speciesName}" is not on this location's species list`);
        return;
      }
      const weight = get(row, 'patient_weight_kg');
      const parsed = PatientInput.safeParse({
        clientId: '00000000-0000-4000-8000-000000000000',
        name,
        speciesId,
        breed: get(row, 'patient_breed') || null,
        sex: (get(row, 'patient_sex').toLowerCase() || 'unknown') as never,
        neutered: yes(get(row, 'patient_neutered')),
        dateOfBirth: get(row, 'patient_date_of_birth') || null,
        weightKg: weight ? Number(weight) : null,
        microchip: get(row, 'patient_microchip') || null,
        colour: get(row, 'patient_colour') || null,
      });
      if (parsed.success) {
        const { clientId: _ignored, ...patient } = parsed.data;
        current.patients.push({ ...patient, line });
      } else current.errors.push(...parsed.error.issues.map((iss) => rowError(line, 'patient_', iss)));
    });

    // Emails are unique per location: within the file and against the clients already there.
    const emails = result.map((c) => c.client?.email).filter((e): e is string => Boolean(e));
    const taken = await clientsRepository.emailsAt(this.db, auth, locationId, emails);
    const seen = new Set<string>();
    for (const c of result) {
      const email = c.client?.email;
      if (!email) continue;
      if (taken.has(email) || seen.has(email)) c.errors.push(`line ${c.line}: client_email: ${MESSAGES.emailInUseAtLocation}`);
      seen.add(email);
    }
    return result;
  }

  async preview(auth: AuthContext, locationId: string, csv: string): Promise<ImportPreview> {
    const parsed = await this.parse(auth, locationId, csv);
    return {
      rows: parsed.map((c) => ({
        line: c.line,
        client: { firstName: c.client?.firstName ?? '', lastName: c.client?.lastName ?? '', email: c.client?.email ?? null },
        patientCount: c.patients.length,
        errors: c.errors,
      })),
      clients: parsed.length,
      patients: parsed.reduce((n, c) => n + c.patients.length, 0),
      errorCount: parsed.reduce((n, c) => n + c.errors.length, 0),
    };
  }

  async run(auth: AuthContext, locationId: string, csv: string) {
    const parsed = await this.parse(auth, locationId, csv);
    const errors = parsed.flatMap((c) => c.errors);
    if (errors.length) {
      throw badRequest(`Nothing was imported: ${errors.length} problem(s) to fix first. ${errors.slice(0, 3).join('; ')}`);
    }
    const BATCH = 1000;
    const result = await this.db.transaction(async (tx) => {
      let patientCount = 0;
      for (let i = 0; i < parsed.length; i += BATCH) {
        const batch = parsed.slice(i, i + BATCH);
        const inserted = await clientsRepository.insertMany(
          tx,
          auth,
          batch.map((c) => c.client),
        );
        const rows = batch.flatMap((c, j) => c.patients.map(({ line: _line, ...p }) => ({ ...p, clientId: inserted[j]!.id, locationId })));
        const insertedPatients = await patientsRepository.insertMany(tx, auth, rows);
        patientCount += rows.length;
        await this.audit.record(tx, auth, [
          ...inserted.map((c) => ({ entityType: 'client', entityId: c.id, action: 'import' as const, after: c })),
          ...insertedPatients.map((p) => ({ entityType: 'patient', entityId: p.id, action: 'import' as const, after: p })),
        ]);
      }
      return { clients: parsed.length, patients: patientCount };
    });
    // A large import changes the tables' size at once: refresh the planner's view of them.
    if (parsed.length >= 1000) await patientsRepository.analyzeHouseholds(this.db);
    return result;
  }

  /**
   * The location's clients with their patients as CSV, a page of clients at a time (decision 0284):
   * what is held is one page and its text, whatever the location's size. The location is checked
   * before the first line, so another account's answers 404, not a broken download.
   */
  async export(auth: AuthContext, locationId: string): Promise<AsyncIterable<string>> {
    await assertLocationVisible(this.db, auth, locationId);
    return this.exportLines(auth, locationId);
  }

  private async *exportLines(auth: AuthContext, locationId: string): AsyncGenerator<string> {
    const speciesNames = new Map<string, string>();
    yield csvLine(IMPORT_COLUMNS);
    for (let after: ClientRow | null = null; ; ) {
      const rows = await patientsRepository.householdsAt(this.db, auth, locationId, { after, limit: EXPORT_PAGE });
      if (rows.length === 0) return;
      const unnamed = rows.flatMap(({ p }) => (p && !speciesNames.has(p.speciesId) ? [p.speciesId] : []));
      for (const [id, name] of await patientsRepository.speciesNames(this.db, unnamed)) speciesNames.set(id, name);
      yield rows
        .map(({ c, p }) =>
          csvLine([
            c.firstName,
            c.lastName,
            c.email,
            c.phone,
            c.alternatePhone,
            c.address,
            c.notes,
            p?.name,
            p ? speciesNames.get(p.speciesId) : '',
            p?.breed,
            p?.sex,
            p ? (p.neutered ? 'yes' : 'no') : '',
            p?.dateOfBirth,
            p?.weightKg,
            p?.microchip,
            p?.colour,
          ]),
        )
        .join('');
      after = rows.at(-1)!.c;
    }
  }
}
