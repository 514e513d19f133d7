import { afterEach, describe, expect, it } from 'vitest';
import { dismissGettingStarted, gettingStartedItems, isGettingStartedDismissed, showGettingStarted } from './getting-started';

const done = (facts: Parameters<typeof gettingStartedItems>[0]) => Object.fromEntries(gettingStartedItems(facts).map((i) => [i.id, i.done]));

describe('the Get started list', () => {
  afterEach(() => window.localStorage.clear());

  it('reads each step from the data: services at the location, more than one user, an email integration', () => {
    expect(done({ serviceCount: 0, userCount: 1, integrations: [] })).toEqual({ services: false, staff: false, email: false });
    expect(done({ serviceCount: 2, userCount: 2, integrations: [{ service: 'smtp' }] })).toEqual({ services: true, staff: true, email: true });
    expect(done({ serviceCount: 0, userCount: 1, integrations: [{ service: 'sendgrid' }] }).email).toBe(true);
    // A text-message or payment integration does not send email.
    expect(done({ serviceCount: 0, userCount: 1, integrations: [{ service: 'twilio' }, { service: 'stripe' }] as never }).email).toBe(false);
  });

  it('links each step to the page it is done on', () => {
    expect(gettingStartedItems({ serviceCount: 0, userCount: 1, integrations: [] }).map((i) => [i.label, i.to])).toEqual([
      ['Add services', '/services'],
      ['Add staff', '/users'],
      ['Set up email', '/locations'],
    ]);
  });

  it('shows while services or staff are missing, not for email alone, and never when all is done', () => {
    const show = (serviceCount: number, userCount: number, email: boolean) =>
      showGettingStarted(gettingStartedItems({ serviceCount, userCount, integrations: email ? [{ service: 'smtp' }] : [] }));
    expect(show(0, 1, false)).toBe(true);
    expect(show(3, 1, true)).toBe(true);
    expect(show(0, 4, true)).toBe(true);
    expect(show(3, 4, false)).toBe(false);
    expect(show(3, 4, true)).toBe(false);
  });

  it('remembers a dismissal per account', () => {
    expect(isGettingStartedDismissed('a1')).toBe(false);
    dismissGettingStarted('a1');
    expect(isGettingStartedDismissed('a1')).toBe(true);
    expect(isGettingStartedDismissed('a2')).toBe(false);
  });
});
