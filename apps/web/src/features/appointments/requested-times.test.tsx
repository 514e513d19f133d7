import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RequestedTimes } from './appointment-details';
import { appointment, NY } from './test-support';

describe('an online request’s details', () => {
  afterEach(cleanup);

  it('say the owner confirmed their email address, and when', () => {
    render(
      <RequestedTimes
        appointment={appointment({ source: 'online', requestedTimes: ['2026-11-23T14:00:00.000Z'], emailConfirmedAt: '2026-11-20T15:30:00.000Z' })}
        timeZone={NY}
      />,
    );
    expect(screen.getByTestId('request-email-state').textContent).toMatch(/^Email confirmed .*Nov.*20/);
  });

  it('say when the owner has not confirmed it yet', () => {
    render(<RequestedTimes appointment={appointment({ source: 'online', requestedTimes: [] })} timeZone={NY} />);
    expect(screen.getByTestId('request-email-state').textContent).toBe('Email not confirmed yet');
  });
});
