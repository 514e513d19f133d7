// A location's tax codes (rates in basis points). A tax code on a line stays: its name and rate
// were copied onto the line, but the line still names it, so a used one is made inactive instead.
import type { TaxCode, TaxCodeInput } from '@willow/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { TenantCrudService } from '../../platform/crud.js';
import { conflict } from '../../platform/errors.js';
import type { AuditService } from '../audit/index.js';
import { locationOwnership } from '../locations/index.js';
import { taxCodeInUse, taxCodeListOptions, taxCodesRepository, type TaxCodeRow } from './invoices.repository.js';
import type { taxCodes } from './invoices.table.js';

type Input = z.output<typeof TaxCodeInput>;

export const TAX_CODE_RULES = {
  inUse: 'This tax code is on invoice or estimate lines. Make it inactive instead.',
  moveInUse: 'locationId: this tax code is on invoice or estimate lines and stays with its location',
} as const;

const toTaxCode = (r: TaxCodeRow): TaxCode => ({ id: r.id, locationId: r.locationId, name: r.name, rate: r.rate, active: r.active });

export class TaxCodesService extends TenantCrudService<typeof taxCodes, TaxCode, Input, Partial<Input>, { locationId?: string | undefined }> {
  constructor(db: Db, audit: AuditService) {
    super(db, audit, {
      entityType: 'taxCode',
      repository: taxCodesRepository,
      toEntities: async (_ex, _scope, rows) => rows.map(toTaxCode),
      listOptions: taxCodeListOptions,
      location: locationOwnership,
      prepareCreate: async (_ex, _caller, input) => input,
      preparePatch: async (ex, scope, input, existing) => {
        if (input.locationId && input.locationId !== existing.locationId && (await taxCodeInUse(ex, scope, existing.id))) throw conflict(TAX_CODE_RULES.moveInUse);
        return input;
      },
      beforeRemove: async (ex, scope, existing) => {
        if (await taxCodeInUse(ex, scope, existing.id)) throw conflict(TAX_CODE_RULES.inUse);
      },
    });
  }
}
