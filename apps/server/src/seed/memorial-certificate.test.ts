// The memorial certificate dates the death by the patient's date of death, not the day it is made
// (decision 0196): the demo's template, and migration 0026 for a copy still as the demo seeded it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, type TestAccount, type TestContext } from '../../test/harness.js';
import { pdfText } from '../../test/pdf-text.js';
import { newClient, newPatient } from '../../test/records.js';
import { documentTemplatesRepository } from '../features/templates/templates.repository.js';
import { formatLongDate } from '../features/templates/merge-context.service.js';
import { MEMORIAL_CERTIFICATE, MEMORIAL_CERTIFICATE_BEFORE } from './demo-templates.js';

let ctx: TestContext;
let home: TestAccount;
beforeAll(async () => {
  ctx = await createTestApp();
  home = await createAccount(ctx);
});
afterAll(() => ctx?.close());

async function certificateFor(deceasedOn: string | null): Promise<string> {
  const template = await home.admin.call(api.documentTemplateOps.create, {
    body: { documentTemplateData: { locationId: home.locationId, name: `Memorial ${Date.now()}`, body: MEMORIAL_CERTIFICATE } },
  });
  expect(template.statusCode, template.body).toBe(201);
  const client = await newClient(home.admin, home.locationId, { firstName: 'Cora', lastName: 'Owner' });
  const patient = await newPatient(home.admin, client.id, home.speciesId, { name: 'Biscuit' });
  if (deceasedOn) {
    const died = await home.admin.call(api.setPatientDeceased, { params: { id: patient.id }, body: { data: { deceasedOn } } });
    expect(died.statusCode, died.body).toBe(200);
  }
  const made = await home.admin.call(api.generateDocument, { params: { id: template.json().id }, body: { data: { clientId: client.id, patientId: patient.id } } });
  expect(made.statusCode, made.body).toBe(201);
  const pdf = await home.admin.call(api.downloadDocument, { params: { id: made.json().id } });
  return (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
}

describe('the memorial certificate', () => {
  it('names the date of death recorded for the patient, not the day it is made', async () => {
    const text = await certificateFor('2026-11-20');
    expect(text).toContain('with you both on 20 November 2026.');
    expect(text).not.toContain(formatLongDate(new Date(), 'America/New_York'));
  });

  it('names no day when no death is recorded', async () => {
    const text = await certificateFor(null);
    expect(text).toContain('We were honoured to be with you both.');
    expect(text).not.toContain(formatLongDate(new Date(), 'America/New_York'));
  });

  it('migration 0026 brings a copy still as seeded to the date of death and leaves an edited one alone', async () => {
    const scope = { accountId: home.accountId };
    const seeded = await documentTemplatesRepository.insert(ctx.database.db, scope, { locationId: home.locationId, name: 'Memorial certificate', body: MEMORIAL_CERTIFICATE_BEFORE, pdfTemplateId: null });
    const editedBody = `${MEMORIAL_CERTIFICATE_BEFORE}\n\nWith love from all of us.`;
    const edited = await documentTemplatesRepository.insert(ctx.database.db, scope, { locationId: home.locationId, name: 'Memorial certificate', body: editedBody, pdfTemplateId: null });
    expect(MEMORIAL_CERTIFICATE_BEFORE).toContain('{{ today.date }}');
    const migration = readFileSync(fileURLToPath(new URL('../../drizzle/0026_memorial_certificate_date_of_death.sql', import.meta.url)), 'utf8');
    await ctx.database.db.execute(sql.raw(migration));
    expect((await documentTemplatesRepository.findById(ctx.database.db, scope, seeded.id))?.body).toBe(MEMORIAL_CERTIFICATE);
    expect((await documentTemplatesRepository.findById(ctx.database.db, scope, edited.id))?.body).toBe(editedBody);
  });
});
