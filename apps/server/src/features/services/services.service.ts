import type { ListServicesQuery, Service, ServiceInput } from '@willow/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { TenantCrudService } from '../../platform/crud.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { AuditService } from '../audit/index.js';
import { locationOwnership } from '../locations/index.js';
import type { services } from './services.table.js';
import { serviceListOptions, servicesRepository, type ServiceRow } from './services.repository.js';

type Input = z.output<typeof ServiceInput>;
type Query = z.output<typeof ListServicesQuery>;

/**
 * Appointments and slots name services of their own location; a service changing location would
 * leave them pointing elsewhere.
 */
export const SERVICE_LOCATION_FIXED = 'locationId: a service cannot move to another location';

export const toService = (r: ServiceRow): Service => ({
  id: r.id,
  locationId: r.locationId,
  type: r.type as Service['type'],
  name: r.name,
  duration: r.duration,
  price: r.price,
  active: r.active,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The catalogue of veterinary services each location offers (visits, cremation, aftercare). */
export class ServiceCatalogService extends TenantCrudService<typeof services, Service, Input, Partial<Input>, Query> {
  constructor(db: Db, audit: AuditService, events: DomainEventBus) {
    super(db, audit, {
      entityType: 'service',
      repository: servicesRepository,
      toEntities: async (_ex, _scope, rows) => rows.map(toService),
      listOptions: serviceListOptions,
      location: locationOwnership,
      prepareCreate: async (_ex, _scope, input) => input,
      preparePatch: async (_ex, _scope, input, existing) => {
        if (input.locationId !== undefined && input.locationId !== existing.locationId) throw badRequest(SERVICE_LOCATION_FIXED);
        return input;
      },
      // A service appointments or invoice lines name stays (it can be made inactive): they refuse for
      // themselves (decision 0155); slots simply stop listing it.
      beforeRemove: async (ex, scope, existing) => {
        if (!(await servicesRepository.lockForUpdate(ex, scope, existing.id))) throw notFound();
        await events.publish(ex, scope, 'service.deleting', { serviceId: existing.id });
      },
    });
  }
}
