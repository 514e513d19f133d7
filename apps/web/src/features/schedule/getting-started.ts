import type { LocationIntegration } from '@willow/contracts';

/** One step of setting up a new practice, done or not, and where it is done. */
export interface GettingStartedItem {
  id: 'services' | 'staff' | 'email';
  label: string;
  hint: string;
  to: string;
  done: boolean;
}

export interface GettingStartedFacts {
  /** active services of the location the Schedule shows */
  serviceCount: number;
  /** users of the account, the person themselves included */
  userCount: number;
  /** the integrations of the account's active locations */
  integrations: readonly Pick<LocationIntegration, 'service'>[];
}

/** The services that send a location's email (SPEC §9). */
const EMAIL_SERVICES: readonly string[] = ['sendgrid', 'smtp'];

/** The checklist of an empty portal (docs/decisions/0092), each item read from the account's data. */
export function gettingStartedItems(facts: GettingStartedFacts): GettingStartedItem[] {
  return [
    {
      id: 'services',
      label: 'Add services',
      hint: 'What appointments are booked for, with their length and price',
      to: '/services',
      done: facts.serviceCount > 0,
    },
    { id: 'staff', label: 'Add staff', hint: 'Invite your team to sign in', to: '/users', done: facts.userCount > 1 },
    {
      id: 'email',
      label: 'Set up email',
      hint: 'Connect SendGrid or SMTP to a location to send reminders and confirmations',
      to: '/locations',
      done: facts.integrations.some((i) => EMAIL_SERVICES.includes(i.service)),
    },
  ];
}

/** Where the dismissal is remembered, per account: one computer may serve several practices. */
export const gettingStartedKey = (accountId: string) => `gettingStarted:dismissed:${accountId}`;

export function isGettingStartedDismissed(accountId: string): boolean {
  try {
    return window.localStorage.getItem(gettingStartedKey(accountId)) === 'true';
  } catch {
    return false;
  }
}

export function dismissGettingStarted(accountId: string): void {
  try {
    window.localStorage.setItem(gettingStartedKey(accountId), 'true');
  } catch {
    // Storage may be full or disabled (private mode): hidden for this visit only.
  }
}

/**
 * The list belongs to a practice still setting up: it shows while services or staff are missing
 * (email is listed with them, not on its own: a practice that sends no email of its own would
 * otherwise see it above its Schedule for good), and never once everything is done.
 */
export function showGettingStarted(items: readonly GettingStartedItem[]): boolean {
  return items.some((i) => !i.done && i.id !== 'email');
}
