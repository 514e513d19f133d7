import { Button, ThemeProvider } from '@mui/material';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetAll } from '../test/test-support';
import { portalTheme } from './theme';

afterEach(resetAll);

describe('portal theme', () => {
  it('keeps MUI’s motion for everyone who has not asked for less', () => {
    const theme = portalTheme(false);
    expect(theme.transitions.create('opacity')).toBe('opacity 300ms cubic-bezier(0.4, 0, 0.2, 1) 0ms');
    expect(theme.transitions.duration.enteringScreen).toBe(225);
  });

  it('takes the motion out for a person whose system asks for less', () => {
    const theme = portalTheme(true);
    expect(theme.transitions.create('opacity')).toBe('none');
    expect(theme.transitions.duration.enteringScreen).toBe(0);
    expect(theme.transitions.duration.leavingScreen).toBe(0);
  });

  it('draws no ripple under a pressed button when motion is reduced, and one otherwise', () => {
    const press = (reduced: boolean) => {
      const { unmount } = render(
        <ThemeProvider theme={portalTheme(reduced)}>
          <Button>Save</Button>
        </ThemeProvider>,
      );
      const button = screen.getByRole('button', { name: 'Save' });
      fireEvent.mouseDown(button);
      const ripple = button.querySelector('.MuiTouchRipple-root');
      unmount();
      return ripple;
    };
    expect(press(false)).not.toBeNull();
    expect(press(true)).toBeNull();
  });
});
