import { PAYMENT_TYPE_MESSAGES, type PaymentMethod, type PaymentType, type PaymentTypeInput } from '@willow/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { TenantCrudService } from '../../platform/crud.js';
import { conflict } from '../../platform/errors.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { AuditService } from '../audit/index.js';
import { paymentTypesRepository, type PaymentTypeRow } from './payments.repository.js';
import { paymentTypes } from './payments.table.js';

type Input = z.output<typeof PaymentTypeInput>;

const toPaymentType = (r: PaymentTypeRow): PaymentType => ({
  id: r.id,
  name: r.name,
  method: r.method as PaymentMethod,
  active: r.active,
  position: r.position,
});

/** The account's payment types: a plain list; one in use by payments is marked inactive, not deleted. */
export function paymentTypesService(db: Db, audit: AuditService, events: DomainEventBus) {
  // How a new practice is paid: cash, card, cheque… (decision 0114; card payments use the card type).
  events.on('account.created', 'payment types', (tx, scope) => paymentTypesRepository.ensureDefaults(tx, scope));
  return new TenantCrudService<typeof paymentTypes, PaymentType, Input, Partial<Input>, Record<string, never>>(db, audit, {
    entityType: 'paymentType',
    repository: paymentTypesRepository,
    toEntities: async (_ex, _scope, rows) => rows.map(toPaymentType),
    listOptions: () => paymentTypesRepository.listOptions(),
    prepareCreate: async (_ex, _caller, input) => input,
    preparePatch: async (_ex, _scope, input) => input,
    beforeRemove: async (ex, scope, existing) => {
      if (await paymentTypesRepository.inUse(ex, scope, existing.id)) throw conflict(PAYMENT_TYPE_MESSAGES.inUse);
    },
    uniqueMessages: { payment_types_name_unique: PAYMENT_TYPE_MESSAGES.nameTaken },
  });
}
