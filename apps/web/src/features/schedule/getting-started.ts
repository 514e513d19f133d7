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
  /** the integrations of the account's active locations, each with whether it works (its last check succeeded) */
  integrations: readonly Pick<LocationIntegration, 'service' | 'working'>[];
}

/** The services that send a location's email (SPEC §9). */
const EMAIL_SERVICES: readonly string[] = ['sendgrid', 'smtp'];

/**
 * The checklist of an empty portal (docs/decisions/0092, 0193), each item read from the account's
 * data. Email is done when it works: an email integration whose connection test succeeded, not one
 * merely saved (a wrong key sends nothing).
 */
export function gettingStartedItems(facts: GettingStartedFacts): GettingStartedItem[] {
  const email = facts.integrations.filter((i) => EMAIL_SERVICES.includes(i.service));
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
      hint:
        email.length > 0
          ? 'Test the email connection on the Locations page: reminders and confirmations go once it works'
          : 'Connect SendGrid or SMTP to a location to send reminders and confirmations',
      to: '/locations',
      done: email.some((i) => i.working),
    },
  ];
}

/**
 * The list belongs to a practice still setting up: it shows until each step is really done, email
 * included, unless the person put it away (decision 0193: kept on the server with them).
 */
export function showGettingStarted(items: readonly GettingStartedItem[], dismissed: boolean): boolean {
  return !dismissed && items.some((i) => !i.done);
}
