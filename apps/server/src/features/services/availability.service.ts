import type { AvailabilityInput, ProviderAvailability } from '@willow/contracts';
import type { z } from 'zod';
import { together, type Db, type Executor } from '../../db/client.js';
import { holds, type AuthContext } from '../../platform/access.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { usersRepository } from '../users/index.js';
import { availabilityRepository, servicesRepository } from './services.repository.js';

export const VETERINARIAN_NOT_IN_PATH = 'veterinarianId: must be the user in the path';
/** Slot times this far back still show, so today's earlier slots stay visible wherever the practice is. */
const PAST_SLOT_GRACE_MS = 86_400_000;

/**
 * Who is available at each of these start times at these locations: the providers available at
 * the time who are active users assigned to the location (the calendar's providers), by name.
 */
export async function availableAt(
  ex: Executor,
  scope: Scope,
  startTimes: readonly Date[],
  locationIds: readonly string[],
): Promise<{ veterinarianId: string; startAt: Date; locationId: string }[]> {
  return availabilityRepository.atStartTimes(ex, scope, startTimes, locationIds);
}

export class AvailabilityService {
  constructor(private readonly db: Db) {}

  async get(auth: AuthContext, userId: string): Promise<ProviderAvailability> {
    if (!(await usersRepository.findById(this.db, auth, userId))) throw notFound();
    return this.read(this.db, auth, userId);
  }

  /** Adding what is already there and removing what is not are both fine: the answer is the state after. */
  async update(auth: AuthContext, userId: string, input: z.output<typeof AvailabilityInput>): Promise<ProviderAvailability> {
    return this.db.transaction(async (tx) => {
      if (!(await usersRepository.findById(tx, auth, userId))) throw notFound();
      if (input.veterinarianId !== userId) throw badRequest(VETERINARIAN_NOT_IN_PATH);
      if (userId !== auth.userId && !holds(auth, 'users.manage')) throw forbidden();
      if (input.type === 'veterinarianService') {
        if (!(await servicesRepository.findById(tx, auth, input.serviceId))) throw badRequest('serviceId: unknown service');
        if (input.action === 'add') await availabilityRepository.addService(tx, auth, userId, input.serviceId);
        else await availabilityRepository.removeService(tx, auth, userId, input.serviceId);
      } else {
        const startAt = new Date(input.startAt);
        if (input.action === 'add') await availabilityRepository.addSlotTime(tx, auth, userId, startAt);
        else await availabilityRepository.removeSlotTime(tx, auth, userId, startAt);
      }
      return this.read(tx, auth, userId);
    });
  }

  private async read(ex: Executor, scope: Scope, userId: string): Promise<ProviderAvailability> {
    const [offered, times] = await together(ex, [
      () => availabilityRepository.servicesOf(ex, scope, [userId]),
      () => availabilityRepository.slotTimesOf(ex, scope, userId, new Date(Date.now() - PAST_SLOT_GRACE_MS)),
    ] as const);
    return { veterinarianId: userId, serviceIds: offered.get(userId) ?? [], slotStartTimes: times.map((t) => t.toISOString()) };
  }
}
