import { describe, expect, it } from 'vitest';
import { gettingStartedItems, showGettingStarted } from './getting-started';

const done = (facts: Parameters<typeof gettingStartedItems>[0]) => Object.fromEntries(gettingStartedItems(facts).map((i) => [i.id, i.done]));
const smtp = (working: boolean) => ({ service: 'smtp' as const, working });

describe('the Get started list', () => {
  it('reads each step from the data: services at the location, more than one user, an email integration that works', () => {
    expect(done({ serviceCount: 0, userCount: 1, integrations: [] })).toEqual({ services: false, staff: false, email: false });
    expect(done({ serviceCount: 2, userCount: 2, integrations: [smtp(true)] })).toEqual({ services: true, staff: true, email: true });
    expect(done({ serviceCount: 0, userCount: 1, integrations: [{ service: 'sendgrid', working: true }] }).email).toBe(true);
    // A text-message or payment integration does not send email, working or not.
    expect(done({ serviceCount: 0, userCount: 1, integrations: [{ service: 'twilio', working: true }, { service: 'stripe', working: true }] }).email).toBe(false);
  });

  it('counts email done only once it works: saved but untested, or failing its test, is still to do', () => {
    expect(done({ serviceCount: 1, userCount: 2, integrations: [smtp(false)] }).email).toBe(false);
    expect(done({ serviceCount: 1, userCount: 2, integrations: [smtp(false), { service: 'sendgrid', working: true }] }).email).toBe(true);
    // The step says what is left: testing the connection, not setting one up.
    const [, , email] = gettingStartedItems({ serviceCount: 1, userCount: 2, integrations: [smtp(false)] });
    expect(email?.hint).toMatch(/^Test the email connection/);
    expect(gettingStartedItems({ serviceCount: 1, userCount: 2, integrations: [] })[2]?.hint).toMatch(/^Connect SendGrid or SMTP/);
  });

  it('links each step to the page it is done on', () => {
    expect(gettingStartedItems({ serviceCount: 0, userCount: 1, integrations: [] }).map((i) => [i.label, i.to])).toEqual([
      ['Add services', '/services'],
      ['Add staff', '/users'],
      ['Set up email', '/locations'],
    ]);
  });

  it('stays until every step is really done, email included, unless the person put it away', () => {
    const show = (serviceCount: number, userCount: number, email: boolean | null, dismissed = false) =>
      showGettingStarted(gettingStartedItems({ serviceCount, userCount, integrations: email === null ? [] : [smtp(email)] }), dismissed);
    expect(show(0, 1, null)).toBe(true);
    expect(show(3, 1, true)).toBe(true);
    expect(show(0, 4, true)).toBe(true);
    // Services and staff in, email not set up or not working: still shown.
    expect(show(3, 4, null)).toBe(true);
    expect(show(3, 4, false)).toBe(true);
    expect(show(3, 4, true)).toBe(false);
    // Put away by the person: gone whatever is left.
    expect(show(0, 1, null, true)).toBe(false);
    expect(show(3, 4, false, true)).toBe(false);
  });
});
