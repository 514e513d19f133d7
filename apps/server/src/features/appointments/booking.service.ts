import {
  BOOKING_CONFIRMATION,
  BOOKING_FORM_USED,
  BOOKING_LIMIT_PER_IP,
  BOOKING_LIMIT_PER_LOCATION,
  BOOKING_TOO_MANY,
  DEFAULT_CURRENCY,
  SIGN_IN_MESSAGES,
  TOKEN_LIFETIME_MINUTES,
  isVisitService,
  SERVICE_TYPES,
  visitMinutes,
  type BookingPage,
  type BookingRequestInput,
} from '@willow/contracts';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors.js';
import type { Scope } from '../../platform/tenant-repository.js';
import type { TokenSigner } from '../../platform/tokens.js';
import { takeRate, linkUrl, signInTokens } from '../auth/index.js';
import type { CommunicationsService } from '../communications/index.js';
import { clientsRepository } from '../clients/index.js';
import { locationsRepository } from '../locations/index.js';
import { patientsRepository } from '../patients/index.js';
import { servicesRepository, type ServiceRow } from '../services/index.js';
import { appointmentsRepository, bookingRepository } from './appointments.repository.js';
import { appointmentCreated } from './appointment-status.service.js';
import { issueBookingToken, readBookingToken } from './booking-token.js';

type RequestValues = z.output<typeof BookingRequestInput>;
const HOUR_MS = 3_600_000;
const ANSWER = { ok: true as const, message: BOOKING_CONFIRMATION };

const typeRank = (type: string) => {
  const i = (SERVICE_TYPES as readonly string[]).indexOf(type);
  return i === -1 ? SERVICE_TYPES.length : i;
};
const byTypeThenName = (a: ServiceRow, b: ServiceRow) => typeRank(a.type) - typeRank(b.type) || a.name.localeCompare(b.name);

/** The species the location's page offers, by name. */
const speciesAt = async (ex: Executor, scope: Scope, locationId: string) =>
  (await locationsRepository.speciesOf(ex, scope, [locationId])).get(locationId) ?? [];

/**
 * The public booking page of a location: anyone may read it and send a request, which becomes a
 * Pending appointment for the staff to confirm. No session exists, so the location names the account.
 */
/** What the owner is sent when their request is received (queued with the request, in its transaction). */
export function bookingReceivedEmail(m: { firstName: string; patientName: string; serviceName: string; locationName: string; link: string }) {
  const days = TOKEN_LIFETIME_MINUTES.onlineBooking / (24 * 60);
  return {
    subject: `Your booking request at ${m.locationName}`,
    body: [
      `Hello ${m.firstName},`,
      '',
      `Thank you for your request for ${m.serviceName} for ${m.patientName} at ${m.locationName}. We have received it, and the practice will be in touch to confirm a time.`,
      '',
      `Please confirm that this is your email address by opening this link (it works for ${days} days):`,
      m.link,
      '',
      'If you did not make this request, you can ignore this email.',
      '',
      m.locationName,
    ].join('\n'),
  };
}

export class BookingService {
  constructor(
    private readonly db: Db,
    private readonly signer: TokenSigner,
    private readonly mail: {
      /** queues the owner's email in the request's transaction */
      communications: Pick<CommunicationsService, 'enqueue'>;
      /** the portal's address in emailed links (PUBLIC_URL) */
      appUrl: string;
    },
    /** tells 'appointment.created' for a request, as for a staff booking */
    private readonly events: DomainEventBus,
  ) {}

  async page(locationId: string): Promise<BookingPage> {
    const found = await locationsRepository.activeForBooking(this.db, locationId);
    if (!found) throw notFound();
    const { location } = found;
    const scope = { accountId: location.accountId };
    const [services, species] = await Promise.all([servicesRepository.activeAt(this.db, scope, location.id), speciesAt(this.db, scope, location.id)]);
    return {
      locationId: location.id,
      locationName: location.name,
      accountName: found.accountName,
      timezone: location.timezone,
      address: location.address,
      phone: location.phone,
      // An owner books a visit; cremation and aftercare are arranged with the practice at it.
      services: services
        .filter(isVisitService)
        .sort(byTypeThenName)
        .map((s) => ({ id: s.id, type: s.type, name: s.name, duration: s.duration, price: s.price })),
      currency: DEFAULT_CURRENCY,
      species,
      formToken: issueBookingToken(this.signer, location.id),
    };
  }

  async request(locationId: string, ip: string, input: RequestValues): Promise<typeof ANSWER> {
    const found = await locationsRepository.activeForBooking(this.db, locationId);
    if (!found) throw notFound();
    // Bots fill the hidden field: they get the same answer and nothing is created.
    if (input.website?.trim()) return ANSWER;
    const location = found.location;
    // Refused before anything is logged: a page never read, sent at once, kept for hours or altered.
    const token = readBookingToken(this.signer, input.formToken, location.id);
    if ('problem' in token) throw badRequest(token.problem);

    const now = new Date();
    const scope = { accountId: location.accountId };
    const since = new Date(now.getTime() - HOUR_MS);
    // Counted and logged in a transaction of its own: a refused request (400) still counts.
    await this.db.transaction(async (tx) => {
      await appointmentsRepository.lockKeys(tx, [`booking-ip:${ip}`, `booking-location:${location.id}`]);
      const recent = await bookingRepository.recentRequests(tx, ip, location.id, since);
      if (recent.byIp >= BOOKING_LIMIT_PER_IP || recent.byLocation >= BOOKING_LIMIT_PER_LOCATION) throw new HttpError(429, BOOKING_TOO_MANY);
      await bookingRepository.pruneLog(tx, ip, location.id, since);
      await bookingRepository.logRequest(tx, scope, { locationId: location.id, ip });
    });

    await this.db.transaction(async (tx) => {
      // One request per form: the token is used up with the request it admits (both or neither).
      if (!(await bookingRepository.useFormToken(tx, scope, token))) throw conflict(BOOKING_FORM_USED);
      // Share-locked like a staff booking's services, so the service cannot be deleted under the request.
      const [service] = await servicesRepository.lockShared(tx, scope, [input.serviceId]);
      if (!service || service.locationId !== location.id || !service.active) throw badRequest('serviceId: unknown service');
      if (!isVisitService(service)) throw badRequest('serviceId: this service cannot be booked online');
      const offered = await speciesAt(tx, scope, location.id);
      if (!offered.some((s) => s.id === input.patient.speciesId)) {
        throw badRequest("patient.speciesId: this species is not on the location's species list");
      }
      const times = input.preferredTimes.map((t) => new Date(t));
      if (times.some((t) => t <= now)) throw badRequest('preferredTimes: must be in the future');

      // One owner per email at a location: a second request for the same new owner waits for the first.
      await appointmentsRepository.lockKeys(tx, [`booking-client:${location.id}:${input.owner.email.toLowerCase()}`]);
      const client =
        (await clientsRepository.findByEmailAt(tx, scope, location.id, input.owner.email)) ??
        (await clientsRepository.insert(tx, scope, {
          locationId: location.id,
          firstName: input.owner.firstName,
          lastName: input.owner.lastName,
          email: input.owner.email,
          phone: input.owner.phone,
          address: input.owner.address,
        }));
      const patient =
        (await patientsRepository.livingByName(tx, scope, client.id, input.patient.name)) ??
        (await patientsRepository.insert(tx, scope, {
          clientId: client.id,
          locationId: client.locationId,
          name: input.patient.name,
          speciesId: input.patient.speciesId,
        }));
      const start = times[0]!;
      const row = await appointmentsRepository.insert(tx, scope, {
        locationId: location.id,
        clientId: client.id,
        patientIds: [patient.id],
        serviceIds: [service.id],
        startAt: start,
        endAt: new Date(start.getTime() + visitMinutes([service]) * 60_000),
        status: 'Pending',
        address: input.owner.address,
        notes: input.patient.notes,
        source: 'online',
        requestedTimes: times.map((t) => t.toISOString()),
      });
      await appointmentsRepository.recordStatus(tx, scope, {
        appointmentId: row.id,
        fromStatus: null,
        toStatus: 'Pending',
        note: 'Online booking request',
        changedById: null,
      });
      await this.events.publish(tx, { accountId: scope.accountId, userId: null }, 'appointment.created', appointmentCreated(row));
      // The owner hears the request arrived, with a link that confirms their address: queued with
      // the request, so it exists exactly when the request does. A location without email
      // delivery keeps it as not sent (the staff see it in the client's messages).
      const confirmToken = await signInTokens.issueLink(tx, 'onlineBooking', { email: input.owner.email, accountId: scope.accountId, subjectId: row.id });
      const email = bookingReceivedEmail({
        firstName: input.owner.firstName,
        patientName: patient.name,
        serviceName: service.name,
        locationName: location.name,
        link: linkUrl(this.mail.appUrl, 'onlineBooking', confirmToken),
      });
      await this.mail.communications.enqueue(tx, scope, { locationId: location.id, clientId: client.id, channel: 'email', to: input.owner.email, ...email });
    });
    return ANSWER;
  }

  /**
   * The owner follows the emailed link: the link is used up and the request's appointment shows
   * the address as confirmed, in one transaction. 400 SIGN_IN_MESSAGES.linkInvalid for a link that
   * is unknown, used, expired or of another flow (or whose appointment is gone).
   */
  async confirmEmail(token: string, ip: string): Promise<{ ok: true; message: string; locationName: string }> {
    await takeRate(this.db, [{ limit: 'linkPerIp', key: ip }]);
    return this.db.transaction(async (tx) => {
      const link = await signInTokens.useLink(tx, 'onlineBooking', token);
      if (!link.accountId || !link.subjectId) throw badRequest(SIGN_IN_MESSAGES.linkInvalid);
      const scope = { accountId: link.accountId };
      const appointment = await appointmentsRepository.confirmEmail(tx, scope, link.subjectId);
      if (!appointment) throw badRequest(SIGN_IN_MESSAGES.linkInvalid);
      const location = await locationsRepository.findById(tx, scope, appointment.locationId);
      return { ok: true as const, message: SIGN_IN_MESSAGES.bookingEmailConfirmed, locationName: location?.name ?? '' };
    });
  }
}
