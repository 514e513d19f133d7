import { CREMATION_STATUSES, END_OF_LIFE_SERVICE_TYPES, isVisitService } from '@willow/contracts';
import type {
  AppointmentStatus,
  CardPaymentRequest,
  EstimateSummary,
  FormPurpose,
  FormRequest,
  InvoiceSummary,
} from '@willow/contracts';

/**
 * Where a family is on the end-of-life journey (decision 0182): each step's state read from the
 * appointment, its form requests, estimates, invoices and card payment requests, with no state of
 * its own. Pure, so that what counts as done is tested without a page.
 */

export const JOURNEY_STEPS = ['consent', 'deposit', 'visit', 'aftercare', 'invoice', 'messages'] as const;
export type JourneyStepKey = (typeof JOURNEY_STEPS)[number];
/** done; the first step not done is next; skipped: passed by without it (a deposit never taken); the rest not yet */
export type JourneyStepState = 'done' | 'next' | 'skipped' | 'notYet';

export const JOURNEY_STEP_TITLES: Record<JourneyStepKey, string> = {
  consent: 'Consent',
  deposit: 'Deposit',
  visit: 'Visit',
  aftercare: 'Aftercare',
  invoice: 'Invoice',
  messages: 'Aftercare messages',
};
export const JOURNEY_STATE_LABELS: Record<JourneyStepState, string> = { done: 'Done', next: 'Next', skipped: 'Skipped', notYet: 'Not yet' };

export const isEndOfLife = (services: readonly { type: string }[]): boolean =>
  services.some((s) => (END_OF_LIFE_SERVICE_TYPES as readonly string[]).includes(s.type));

const CONSENT: readonly FormPurpose[] = ['euthanasia_consent', 'cremation_choice'];
const AFTER_VISIT: readonly AppointmentStatus[] = ['Completed', ...CREMATION_STATUSES];
const ASHES: readonly AppointmentStatus[] = ['Ashes Delivered', 'Ashes Spread'];
/** Where the aftercare has started: the messages that follow a death are for then. */
const AFTERCARE_STARTED: readonly AppointmentStatus[] = ['Completed', ...CREMATION_STATUSES];

export interface JourneyInput {
  status: AppointmentStatus;
  services: readonly { type: string }[];
  formRequests: readonly Pick<FormRequest, 'purpose' | 'state'>[];
  estimates: readonly Pick<EstimateSummary, 'id' | 'status' | 'deposit'>[];
  /** the card payment requests of the appointment's estimates (deposits) */
  depositRequests: readonly Pick<CardPaymentRequest, 'state'>[];
  invoices: readonly Pick<InvoiceSummary, 'kind' | 'status' | 'balance' | 'paymentState' | 'createdAt'>[];
  /** the family chose add-ons or aftercare on a form that staff have not accepted yet */
  choicesWaiting?: boolean;
}

export interface JourneyStep {
  key: JourneyStepKey;
  state: JourneyStepState;
  /** where the step stands, in words: "Sent, waiting for the family" */
  summary: string;
}

/**
 * The consent forms: submitted is done (the signature is what the visit waits for); choices the
 * family made and not yet accepted are said in its line, not held against it.
 */
function consentOf(input: JourneyInput): { done: boolean; summary: string } {
  const consent = input.formRequests.filter((r) => CONSENT.includes(r.purpose));
  if (consent.some((r) => r.state === 'submitted'))
    return { done: true, summary: input.choicesWaiting ? 'Signed by the family · their choices to accept' : 'Signed by the family' };
  if (consent.some((r) => r.state === 'pending')) return { done: false, summary: 'Sent, waiting for the family to sign' };
  if (consent.some((r) => r.state === 'expired')) return { done: false, summary: 'The link expired unsigned: send it again' };
  return { done: false, summary: 'Not sent yet' };
}

/** The invoice the journey follows: the newest invoice that is not void (credit notes are not it). */
export function journeyInvoice<T extends Pick<InvoiceSummary, 'kind' | 'status' | 'createdAt'>>(invoices: readonly T[]): T | null {
  const live = invoices.filter((i) => i.kind === 'invoice' && i.status !== 'void');
  return [...live].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0] ?? null;
}

/**
 * The estimate a deposit is held on, and which becomes the invoice (its deposits move with it):
 * the appointment's open or approved estimate.
 */
export function depositEstimate<T extends Pick<EstimateSummary, 'status'>>(estimates: readonly T[]): T | null {
  return estimates.find((e) => e.status === 'approved') ?? estimates.find((e) => e.status === 'open') ?? null;
}

function depositOf(input: JourneyInput): { done: boolean; summary: string } {
  const held = input.estimates.reduce((sum, e) => sum + Math.max(e.deposit, 0), 0);
  if (held > 0 || input.depositRequests.some((r) => r.state === 'paid')) return { done: true, summary: 'Paid' };
  if (input.depositRequests.some((r) => r.state === 'open')) return { done: false, summary: 'Requested, waiting for the family to pay' };
  if (input.estimates.length > 0) return { done: false, summary: 'Estimate made, no deposit requested yet' };
  return { done: false, summary: 'Not requested' };
}

function invoiceOf(input: JourneyInput): { done: boolean; summary: string } {
  const invoice = journeyInvoice(input.invoices);
  if (!invoice) return { done: false, summary: 'Not made yet' };
  if (invoice.status === 'draft') return { done: false, summary: 'Draft: finalise it' };
  if (invoice.balance <= 0) return { done: true, summary: 'Finalised and paid' };
  return { done: false, summary: invoice.paymentState === 'partly_paid' ? 'Finalised, partly paid' : 'Finalised, waiting for payment' };
}

function visitOf(status: AppointmentStatus): { done: boolean; summary: string } {
  if (AFTER_VISIT.includes(status)) return { done: true, summary: 'Visit done' };
  return { done: false, summary: status };
}

/** Aftercare: done at the ashes; no aftercare booked and the visit Completed passes it by. */
function aftercareOf(input: JourneyInput): { done: boolean; skipped: boolean; summary: string } {
  if (ASHES.includes(input.status)) return { done: true, skipped: false, summary: input.status };
  const booked = input.services.some((s) => !isVisitService(s));
  if (input.status === 'Completed' && !booked) return { done: false, skipped: true, summary: 'No cremation or aftercare booked' };
  return { done: false, skipped: false, summary: (CREMATION_STATUSES as readonly AppointmentStatus[]).includes(input.status) ? input.status : 'After the visit' };
}

/**
 * The six steps in order. Each step's own facts say whether it is done; the first one not done
 * (nor passed by) is next. A deposit not taken is passed by once the invoice exists; the
 * aftercare messages are never "done" (another may be sent any time) and come next once the
 * aftercare has started and every other step is done.
 */
export function journeySteps(input: JourneyInput): JourneyStep[] {
  const invoice = invoiceOf(input);
  const deposit = depositOf(input);
  const aftercare = aftercareOf(input);
  const facts: { key: JourneyStepKey; done: boolean; skipped: boolean; summary: string }[] = [
    { key: 'consent', ...consentOf(input), skipped: false },
    { key: 'deposit', ...deposit, skipped: !deposit.done && journeyInvoice(input.invoices) !== null },
    { key: 'visit', ...visitOf(input.status), skipped: false },
    { key: 'aftercare', ...aftercare },
    { key: 'invoice', ...invoice, skipped: false },
    {
      key: 'messages',
      done: false,
      skipped: false,
      summary: AFTERCARE_STARTED.includes(input.status) ? 'Send the family what follows' : 'After the visit',
    },
  ];
  let nextGiven = false;
  return facts.map(({ key, done, skipped, summary }) => {
    if (done) return { key, state: 'done', summary };
    if (skipped) return { key, state: 'skipped', summary: key === 'deposit' ? 'No deposit taken' : summary };
    const messagesWait = key === 'messages' && !AFTERCARE_STARTED.includes(input.status);
    if (!nextGiven && !messagesWait) {
      nextGiven = true;
      return { key, state: 'next', summary };
    }
    return { key, state: 'notYet', summary };
  });
}
