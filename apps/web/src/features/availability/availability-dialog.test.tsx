import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ProviderAvailability, Service } from '@willow/contracts';
import { fakeServer, NEW_YORK, renderPage, sessionAnswer, stubMatchMedia } from '../../test/test-support';
import type { Answer, Call } from '../../test/test-support';
import { AvailabilityDialog } from './availability-dialog';

const VET = { id: '77777777-7777-4777-8777-777777777777', firstName: 'Vera', lastName: 'Vet' };
const service = (id: string, name: string): Service => ({
  id,
  locationId: NEW_YORK.id,
  type: 'Consultation',
  name,
  duration: 30,
  price: 85,
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const EXAM = service('22222222-2222-4222-8222-222222222222', 'Wellness exam');
const DENTAL = service('33333333-3333-4333-8333-333333333333', 'Dental cleaning');
const SLOT = '2030-01-15T15:00:00.000Z';

describe('availability dialog', () => {
  let availability: ProviderAvailability;
  let update: ((call: Call) => Answer) | undefined;
  let calls: Call[];
  beforeEach(() => {
    stubMatchMedia();
    availability = { veterinarianId: VET.id, serviceIds: [EXAM.id], slotStartTimes: [SLOT] };
    update = undefined;
    calls = fakeServer((call) => {
      if (call.path === `/api/user/${VET.id}/availability`) return { body: availability };
      if (call.path === '/api/service') return { body: [EXAM, DENTAL] };
      if (call.path === `/api/user/${VET.id}/updateAvailability`) return update?.(call);
      return sessionAnswer(call, NEW_YORK);
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const open = () => renderPage(<AvailabilityDialog person={VET} onClose={vi.fn()} />);
  const box = (name: string) => screen.findByRole('checkbox', { name: new RegExp(name) }) as Promise<HTMLInputElement>;
  const posts = () => calls.filter((c) => c.method === 'POST');

  it("ticks the services the provider offers, at the working location's active services", async () => {
    open();
    expect((await box('Wellness exam')).checked).toBe(true);
    expect((await box('Dental cleaning')).checked).toBe(false);
    const list = calls.find((c) => c.path === '/api/service');
    expect(list?.query.get('locationId')).toBe(NEW_YORK.id);
    expect(list?.query.get('onlyActive')).toBe('true');
  });

  it('starts at a location the provider works at', async () => {
    const lakeside = { ...NEW_YORK, id: '88888888-8888-4888-8888-888888888888', name: 'Lakeside', timezone: 'America/Los_Angeles' };
    calls = fakeServer((call) => {
      if (call.path === '/api/location') return { body: [lakeside, NEW_YORK] };
      if (call.path === `/api/user/${VET.id}/availability`) return { body: availability };
      if (call.path === '/api/service') return { body: [EXAM] };
      return sessionAnswer(call, NEW_YORK);
    });
    renderPage(<AvailabilityDialog person={{ ...VET, locationIds: [lakeside.id] }} onClose={vi.fn()} />);
    await box('Wellness exam');
    expect(calls.filter((c) => c.path === '/api/service').map((c) => c.query.get('locationId'))).toEqual([lakeside.id]);
    // and the slot times read in that location's zone: 15:00 UTC is 07:00 in Los Angeles
    expect(await screen.findByRole('button', { name: /^Remove .*7:00\sAM PST$/ })).toBeTruthy();
  });

  it('saves each toggle as it happens and shows the answer', async () => {
    update = (call) => {
      const { data } = call.body as { data: { serviceId: string; action: string } };
      return { body: { ...availability, serviceIds: data.action === 'add' ? [EXAM.id, data.serviceId] : [] } };
    };
    open();
    fireEvent.click(await box('Dental cleaning'));
    await waitFor(async () => expect((await box('Dental cleaning')).checked).toBe(true));
    fireEvent.click(await box('Wellness exam'));
    await waitFor(async () => expect((await box('Wellness exam')).checked).toBe(false));
    expect(posts().map((c) => c.body)).toEqual([
      { data: { type: 'veterinarianService', veterinarianId: VET.id, serviceId: DENTAL.id, action: 'add' } },
      { data: { type: 'veterinarianService', veterinarianId: VET.id, serviceId: EXAM.id, action: 'remove' } },
    ]);
  });

  it('says so when a service change is refused, and leaves the box as it was', async () => {
    update = () => ({ status: 403, body: { error: { message: 'You do not have permission to do this' } } });
    open();
    fireEvent.click(await box('Dental cleaning'));
    expect(await screen.findByText('Error updating user service availability')).toBeTruthy();
    expect((await box('Dental cleaning')).checked).toBe(false);
  });

  it("lists upcoming slot times in the location's time zone and removes one", async () => {
    update = () => ({ body: { ...availability, slotStartTimes: [] } });
    open();
    // 15:00 UTC in January is 10:00 in New York
    const remove = await screen.findByRole('button', { name: /^Remove .*10:00\sAM EST$/ });
    fireEvent.click(remove);
    expect(await screen.findByText('No upcoming slot times.')).toBeTruthy();
    expect(posts().map((c) => c.body)).toEqual([
      { data: { type: 'scheduleSlot', veterinarianId: VET.id, startAt: SLOT, action: 'remove' } },
    ]);
  });

  it('says so when removing a slot time fails', async () => {
    update = () => ({ status: 400, body: { error: { message: 'startAt: is not a slot start time' } } });
    open();
    fireEvent.click(await screen.findByRole('button', { name: /^Remove / }));
    expect(await screen.findByText('Error updating veterinarian availability')).toBeTruthy();
    expect(screen.getByText('startAt: is not a slot start time')).toBeTruthy();
  });
});
