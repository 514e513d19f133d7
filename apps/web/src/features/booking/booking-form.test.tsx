import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { BOOKING_CONFIRMATION, BOOKING_FORM_USED } from '@willow/contracts';
import type { BookingPage as BookingPageData } from '@willow/contracts';
import { fakeServer, renderPage, stubMatchMedia } from '../../test/test-support';
import type { Answer, Call } from '../../test/test-support';
import { BookingForm } from './booking-form';
import BookingPage from './booking-page';

const LOCATION_ID = '11111111-1111-4111-8111-111111111111';
const EXAM = '22222222-2222-4222-8222-222222222222';
const DOG = '55555555-5555-4555-8555-555555555555';
const PAGE: BookingPageData = {
  locationId: LOCATION_ID,
  locationName: 'Main Street Clinic',
  accountName: 'Demo Veterinary',
  timezone: 'America/New_York',
  address: '1 Main Street',
  phone: '555-0100',
  services: [
    { id: EXAM, type: 'Consultation', name: 'Wellness exam', duration: 30, price: 85 },
    { id: '33333333-3333-4333-8333-333333333333', type: 'Dental', name: 'Dental cleaning', duration: 60, price: 240 },
  ],
  currency: 'USD',
  species: [
    { id: DOG, name: 'Dog' },
    { id: '66666666-6666-4666-8666-666666666666', name: 'Cat' },
  ],
  formToken: 'issued-with-the-page',
};

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const enter = (label: string | RegExp, value: string) => fireEvent.change(field(label), { target: { value } });

function fillIn() {
  fireEvent.click(screen.getByRole('radio', { name: /Wellness exam/ }));
  enter('First choice date', '2030-01-15');
  enter('First choice time', '10:00');
  fireEvent.click(screen.getByRole('button', { name: 'Add another time' }));
  enter('Second choice date', '2030-07-15');
  enter('Second choice time', '10:00');
  enter(/Pet's name/, 'Rex');
  enter(/Species/, DOG);
  enter('Anything we should know?', 'Limping since Sunday');
  enter(/First name/, 'Ann');
  enter(/Last name/, 'Owner');
  enter(/Email/, 'Ann@Example.test');
  enter(/Phone/, '555-0199');
}

describe('booking form', () => {
  let clock: number;
  const now = () => clock;
  let answer: Answer;
  let calls: Call[];
  beforeEach(() => {
    stubMatchMedia();
    clock = Date.parse('2029-12-01T12:00:00Z');
    answer = { status: 201, body: { ok: true, message: BOOKING_CONFIRMATION } };
    calls = fakeServer((call) => (call.method === 'POST' && call.path === `/api/booking/${LOCATION_ID}` ? answer : undefined));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('names the clinic\'s time zone and sends its wall-clock times as instants', async () => {
    renderPage(<BookingForm page={PAGE} now={now} />);
    expect(screen.getByTestId('booking-timezone').textContent).toContain('America/New York');
    fillIn();
    fireEvent.click(screen.getByTestId('booking-submit'));

    expect((await screen.findByTestId('booking-confirmation')).textContent).toContain(BOOKING_CONFIRMATION);
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      data: {
        serviceId: EXAM,
        preferredTimes: ['2030-01-15T15:00:00.000Z', '2030-07-15T14:00:00.000Z'],
        patient: { name: 'Rex', speciesId: DOG, notes: 'Limping since Sunday' },
        owner: { firstName: 'Ann', lastName: 'Owner', email: 'Ann@Example.test', phone: '555-0199', address: '' },
        website: '',
        formToken: 'issued-with-the-page',
      },
    });
  });

  it('has a honeypot people never reach, and sends what a bot puts in it', async () => {
    const { container } = renderPage(<BookingForm page={PAGE} now={now} />);
    const trap = container.querySelector('input[name="website"]') as HTMLInputElement;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.getAttribute('autocomplete')).toBe('off');
    expect(trap.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('textbox', { name: 'Website' })).toBeNull();
    fillIn();
    fireEvent.change(trap, { target: { value: 'http://spam.example' } });
    fireEvent.click(screen.getByTestId('booking-submit'));
    await screen.findByTestId('booking-confirmation');
    expect((calls.find((c) => c.method === 'POST')?.body as { data: { website: string } }).data.website).toBe('http://spam.example');
  });

  it('shows what is missing without sending anything', async () => {
    renderPage(<BookingForm page={PAGE} now={now} />);
    enter('First choice date', '2030-01-15');
    fireEvent.click(screen.getByTestId('booking-submit'));
    expect(await screen.findByText('Choose a service.')).toBeTruthy();
    expect(screen.getByText('Enter both a date and a time.')).toBeTruthy();
    expect(screen.getByText('Choose a species.')).toBeTruthy();
    expect(screen.getByText('This field must be a valid email address.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('asks for at least one time', async () => {
    renderPage(<BookingForm page={PAGE} now={now} />);
    fillIn();
    enter('First choice date', '');
    enter('First choice time', '');
    fireEvent.click(screen.getByRole('button', { name: 'Remove second choice' }));
    fireEvent.click(screen.getByTestId('booking-submit'));
    expect(await screen.findByText('choose at least one time')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it.each([
    [429, 'Too many booking requests. Please try again later.'],
    [400, 'preferredTimes.0: must be during opening hours'],
  ])('shows the server message of a %i inline and keeps the answers', async (status, message) => {
    answer = { status, body: { error: { message } } };
    renderPage(<BookingForm page={PAGE} now={now} />);
    fillIn();
    fireEvent.click(screen.getByTestId('booking-submit'));
    expect((await screen.findByTestId('booking-error')).textContent).toBe(message);
    expect(field(/Pet's name/).value).toBe('Rex');
    expect(field('Second choice time').value).toBe('10:00');
    expect(screen.getByRole('radio', { name: /Wellness exam/ })).toHaveProperty('checked', true);

    answer = { status: 201, body: { ok: true, message: BOOKING_CONFIRMATION } };
    fireEvent.click(screen.getByTestId('booking-submit'));
    await screen.findByTestId('booking-confirmation');
  });
});

describe('booking page', () => {
  beforeEach(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the clinic and its services', async () => {
    fakeServer((call) => (call.path === `/api/booking/${LOCATION_ID}` ? { body: PAGE } : undefined));
    renderPage(<BookingPage />, { path: `/book/${LOCATION_ID}`, pattern: '/book/:locationId' });
    expect(await screen.findByRole('heading', { name: 'Book a visit at Main Street Clinic' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Dental cleaning/ })).toBeTruthy();
    // Prices with their currency.
    expect(screen.getByText(/Dental · 1 h · \$240\.00/)).toBeTruthy();
  });

  /** The page's server: each read hands out a new form token; `post` answers the requests. */
  function pageServer(post: (call: Call) => Answer) {
    let reads = 0;
    const calls = fakeServer((call) => {
      if (call.path !== `/api/booking/${LOCATION_ID}`) return undefined;
      return call.method === 'GET' ? { body: { ...PAGE, formToken: `token-${++reads}` } } : post(call);
    });
    const tokensSent = () => calls.filter((c) => c.method === 'POST').map((c) => (c.body as { data: { formToken: string } }).data.formToken);
    return { reads: () => reads, tokensSent };
  }

  it('reads the page again for a new form token before another request', async () => {
    const server = pageServer(() => ({ status: 201, body: { ok: true, message: BOOKING_CONFIRMATION } }));
    renderPage(<BookingPage />, { path: `/book/${LOCATION_ID}`, pattern: '/book/:locationId' });
    await screen.findByRole('heading', { name: 'Book a visit at Main Street Clinic' });
    fillIn();
    fireEvent.click(screen.getByTestId('booking-submit'));
    await screen.findByTestId('booking-confirmation');
    fireEvent.click(screen.getByRole('button', { name: 'Request another visit' }));
    await waitFor(() => expect(server.reads()).toBe(2));
    // The new page's answer lands before the person is through the form again.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    fillIn();
    fireEvent.click(screen.getByTestId('booking-submit'));
    await screen.findByTestId('booking-confirmation');
    expect(server.tokensSent()).toEqual(['token-1', 'token-2']);
  });

  it('reads the page again, keeping the answers, when the form was already sent', async () => {
    let used = true;
    const server = pageServer(() =>
      used ? { status: 409, body: { error: { message: BOOKING_FORM_USED } } } : { status: 201, body: { ok: true, message: BOOKING_CONFIRMATION } },
    );
    renderPage(<BookingPage />, { path: `/book/${LOCATION_ID}`, pattern: '/book/:locationId' });
    await screen.findByRole('heading', { name: 'Book a visit at Main Street Clinic' });
    fillIn();
    fireEvent.click(screen.getByTestId('booking-submit'));
    expect((await screen.findByTestId('booking-error')).textContent).toBe(BOOKING_FORM_USED);
    await waitFor(() => expect(server.reads()).toBe(2));
    expect(field(/Pet's name/).value).toBe('Rex');
    used = false;
    fireEvent.click(screen.getByTestId('booking-submit'));
    await screen.findByTestId('booking-confirmation');
    expect(server.tokensSent()).toEqual(['token-1', 'token-2']);
  });

  it('says so when the location is unknown or no longer active', async () => {
    const calls = fakeServer(() => ({ status: 404, body: { error: { message: 'Not found' } } }));
    renderPage(<BookingPage />, { path: `/book/${LOCATION_ID}`, pattern: '/book/:locationId' });
    expect(await screen.findByTestId('booking-not-found')).toBeTruthy();
    expect(screen.getByText('This booking page is not available')).toBeTruthy();
    await waitFor(() => expect(calls).toHaveLength(1));
  });
});
