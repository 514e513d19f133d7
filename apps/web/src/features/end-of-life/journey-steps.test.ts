import { describe, expect, it } from 'vitest';
import type { AppointmentStatus } from '@willow/contracts';
import { estimateLinesOf } from './journey.api';
import { depositEstimate, isEndOfLife, journeyInvoice, journeySteps } from './journey-steps';
import type { JourneyInput } from './journey-steps';
import { aftercareMoves } from './status-steps';
import { preferredChannel } from './deposit-step';

const EUTHANASIA = { type: 'Euthanasia' };
const CREMATION = { type: 'Cremation' };
const base: JourneyInput = {
  status: 'Confirmed',
  services: [EUTHANASIA, CREMATION],
  formRequests: [],
  estimates: [],
  depositRequests: [],
  invoices: [],
};
const invoice = (over: Partial<JourneyInput['invoices'][number]> = {}): JourneyInput['invoices'][number] => ({
  kind: 'invoice',
  status: 'draft',
  balance: 50_000,
  paymentState: 'unpaid',
  createdAt: '2026-11-01T10:00:00.000Z',
  ...over,
});
const states = (input: Partial<JourneyInput>) => Object.fromEntries(journeySteps({ ...base, ...input }).map((s) => [s.key, s.state]));
const summaries = (input: Partial<JourneyInput>) => Object.fromEntries(journeySteps({ ...base, ...input }).map((s) => [s.key, s.summary]));

describe('journeySteps', () => {
  it('a booked appointment: consent is next, everything else not yet', () => {
    expect(states({})).toEqual({ consent: 'next', deposit: 'notYet', visit: 'notYet', aftercare: 'notYet', invoice: 'notYet', messages: 'notYet' });
    expect(summaries({}).consent).toBe('Not sent yet');
  });

  it('consent sent and waiting stays next; signed is done and the deposit comes next', () => {
    expect(states({ formRequests: [{ purpose: 'euthanasia_consent', state: 'pending' }] }).consent).toBe('next');
    expect(summaries({ formRequests: [{ purpose: 'euthanasia_consent', state: 'pending' }] }).consent).toBe('Sent, waiting for the family to sign');
    const signed = states({ formRequests: [{ purpose: 'general', state: 'pending' }, { purpose: 'cremation_choice', state: 'submitted' }] });
    expect(signed).toMatchObject({ consent: 'done', deposit: 'next', visit: 'notYet' });
  });

  it('signed with the family’s choices still to accept: done, and its line says what waits', () => {
    const signed = [{ purpose: 'euthanasia_consent' as const, state: 'submitted' as const }];
    expect(states({ formRequests: signed, choicesWaiting: true })).toMatchObject({ consent: 'done', deposit: 'next' });
    expect(summaries({ formRequests: signed, choicesWaiting: true }).consent).toBe('Signed by the family · their choices to accept');
    expect(summaries({ formRequests: signed, choicesWaiting: false }).consent).toBe('Signed by the family');
  });

  it('a general form submitted is not the consent', () => {
    expect(states({ formRequests: [{ purpose: 'general', state: 'submitted' }] }).consent).toBe('next');
  });

  it('the deposit: requested waits, paid (by the request or held on the estimate) is done', () => {
    const consent = [{ purpose: 'euthanasia_consent' as const, state: 'submitted' as const }];
    const estimates = [{ id: 'e1', status: 'open' as const, deposit: 0 }];
    expect(summaries({ formRequests: consent, estimates, depositRequests: [{ state: 'open' }] }).deposit).toBe('Requested, waiting for the family to pay');
    expect(states({ formRequests: consent, estimates, depositRequests: [{ state: 'open' }] }).deposit).toBe('next');
    expect(states({ formRequests: consent, estimates, depositRequests: [{ state: 'paid' }] })).toMatchObject({ deposit: 'done', visit: 'next' });
    expect(states({ formRequests: consent, estimates: [{ id: 'e1', status: 'approved', deposit: 10_000 }] }).deposit).toBe('done');
  });

  it('a deposit never taken is skipped once the invoice exists', () => {
    const s = journeySteps({ ...base, status: 'Checked In', invoices: [invoice()] });
    expect(s.find((x) => x.key === 'deposit')).toEqual({ key: 'deposit', state: 'skipped', summary: 'No deposit taken' });
  });

  it.each<[AppointmentStatus, string, string]>([
    ['Checked Out', 'next', 'notYet'],
    ['Completed', 'done', 'next'],
    ['Submitted For Cremation', 'done', 'next'],
    ['Cremated', 'done', 'next'],
    ['Ashes Delivered', 'done', 'done'],
    ['Ashes Spread', 'done', 'done'],
  ])('at %s the visit is %s and the aftercare %s (consent and deposit done)', (status, visit, aftercare) => {
    const s = states({
      status,
      formRequests: [{ purpose: 'euthanasia_consent', state: 'submitted' }],
      estimates: [{ id: 'e1', status: 'approved', deposit: 100 }],
    });
    expect(s.visit).toBe(visit);
    expect(s.aftercare).toBe(aftercare);
  });

  it('a euthanasia without cremation or aftercare: Completed passes the aftercare by', () => {
    const s = journeySteps({ ...base, services: [EUTHANASIA], status: 'Completed' });
    expect(s.find((x) => x.key === 'aftercare')).toMatchObject({ state: 'skipped', summary: 'No cremation or aftercare booked' });
  });

  it('the invoice: a draft, finalised and unpaid, partly paid, paid', () => {
    const done = { status: 'Ashes Delivered' as const, formRequests: [{ purpose: 'euthanasia_consent' as const, state: 'submitted' as const }] };
    expect(summaries({ ...done, invoices: [invoice()] }).invoice).toBe('Draft: finalise it');
    expect(states({ ...done, invoices: [invoice()] })).toMatchObject({ deposit: 'skipped', invoice: 'next', messages: 'notYet' });
    expect(summaries({ ...done, invoices: [invoice({ status: 'finalised' })] }).invoice).toBe('Finalised, waiting for payment');
    expect(summaries({ ...done, invoices: [invoice({ status: 'finalised', paymentState: 'partly_paid', balance: 100 })] }).invoice).toBe('Finalised, partly paid');
    const paid = states({ ...done, invoices: [invoice({ status: 'finalised', paymentState: 'paid', balance: 0 })] });
    expect(paid).toEqual({ consent: 'done', deposit: 'skipped', visit: 'done', aftercare: 'done', invoice: 'done', messages: 'next' });
  });

  it('the messages wait for the aftercare to start, whatever else is done', () => {
    const s = states({ status: 'Checked Out', formRequests: [{ purpose: 'euthanasia_consent', state: 'submitted' }], invoices: [invoice({ status: 'finalised', balance: 0, paymentState: 'paid' })] });
    expect(s).toMatchObject({ visit: 'next', messages: 'notYet' });
  });

  it('exactly one step is next at a time', () => {
    for (const status of ['Pending', 'Checked In', 'Cremated', 'Ashes Spread'] as const) {
      expect(journeySteps({ ...base, status }).filter((s) => s.state === 'next')).toHaveLength(1);
    }
  });
});

describe('journeyInvoice and depositEstimate', () => {
  it('follows the newest invoice that is not void or a credit note', () => {
    const older = invoice({ createdAt: '2026-11-01T10:00:00.000Z', status: 'finalised' });
    const newer = invoice({ createdAt: '2026-11-02T10:00:00.000Z' });
    expect(journeyInvoice([older, newer])).toBe(newer);
    expect(journeyInvoice([older, { ...newer, status: 'void' }])).toBe(older);
    expect(journeyInvoice([{ ...newer, kind: 'credit_note' }])).toBeNull();
  });
  it('holds the deposit on an approved estimate before an open one, never on a declined or invoiced one', () => {
    expect(depositEstimate([{ status: 'open' }, { status: 'approved' }])).toEqual({ status: 'approved' });
    expect(depositEstimate([{ status: 'declined' }, { status: 'invoiced' }])).toBeNull();
  });
});

describe('isEndOfLife, aftercareMoves, preferredChannel, estimateLinesOf', () => {
  it('an end-of-life appointment has a euthanasia, cremation or aftercare service', () => {
    expect(isEndOfLife([{ type: 'Consultation' }])).toBe(false);
    expect(isEndOfLife([{ type: 'Consultation' }, { type: 'Aftercare' }])).toBe(true);
  });
  it('offers the cremation chain and the ashes’ two ends', () => {
    expect(aftercareMoves('Checked Out', ['Euthanasia'])).toEqual([]);
    expect(aftercareMoves('Completed', ['Euthanasia'])).toEqual(['Submitted For Cremation']);
    expect(aftercareMoves('Completed', ['Consultation'])).toEqual([]);
    expect(aftercareMoves('Submitted For Cremation', ['Euthanasia'])).toEqual(['Cremated']);
    expect(aftercareMoves('Cremated', ['Euthanasia'])).toEqual(['Ashes Delivered', 'Ashes Spread']);
  });
  it('sends links by email, else by text, else opens Stripe’s page here', () => {
    const ready = { ready: true, reason: null, to: 'x' };
    const not = { ready: false, reason: 'no address', to: null };
    expect(preferredChannel({ email: ready, sms: ready })).toBe('email');
    expect(preferredChannel({ email: not, sms: ready })).toBe('sms');
    expect(preferredChannel({ email: not, sms: not })).toBe('screen');
  });
  it('prices the estimate’s lines from the appointment’s services and add-ons in cents', () => {
    const lines = estimateLinesOf({
      primaryProviderId: 'v1',
      services: [{ id: 's1', name: 'Home euthanasia', type: 'Euthanasia', duration: 60, price: 450.5 }],
      addOns: [
        { id: 'a1', appointmentId: 'x', addOnId: 'p1', name: 'Paw print', price: 35, values: {} },
        { id: 'a2', appointmentId: 'x', addOnId: null, name: 'Travel', price: 20, values: {} },
      ],
    });
    expect(lines.map((l) => [l.kind, l.description, l.unitPrice, l.serviceId, l.addOnId, l.providerId])).toEqual([
      ['service', 'Home euthanasia', 45_050, 's1', null, 'v1'],
      ['addOn', 'Paw print', 3_500, null, 'p1', 'v1'],
      ['text', 'Travel', 2_000, null, null, 'v1'],
    ]);
  });
});
