import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { LOCATION_MESSAGES } from '@willow/contracts';
import { fakeServer, NEW_YORK, renderPage, resetAll, stubMatchMedia } from '../../test/test-support';
import type { Call } from '../../test/test-support';
import { LocationLogo } from './location-logo';

const choose = (file: File) => fireEvent.change(screen.getByLabelText('Logo file'), { target: { files: [file] } });

describe('location logo', () => {
  let calls: Call[];
  beforeEach(() => {
    stubMatchMedia();
    calls = fakeServer((call) => {
      if (call.path === `/api/location/${NEW_YORK.id}/logo` && call.method === 'POST') return { body: { ...NEW_YORK, hasLogo: true } };
      if (call.path === `/api/location/${NEW_YORK.id}/logo` && call.method === 'DELETE') return { body: { ...NEW_YORK, hasLogo: false } };
      return undefined;
    });
  });
  afterEach(resetAll);

  it('uploads a PNG and shows it; removes it again', async () => {
    renderPage(<LocationLogo location={{ ...NEW_YORK, hasLogo: false }} />);
    expect(screen.getByText('No logo')).toBeTruthy();
    choose(new File([new Uint8Array([0x89, 0x50])], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByText('Logo uploaded')).toBeTruthy();
    const image = (await screen.findByRole('img', { name: `Logo of ${NEW_YORK.name}` })) as HTMLImageElement;
    expect(image.src).toContain(`/api/location/${NEW_YORK.id}/logo?v=1`);
    expect(calls.find((c) => c.method === 'POST')?.path).toBe(`/api/location/${NEW_YORK.id}/logo`);

    // The focus comes back to the logo's own button (Esc then still reaches a dialog around it).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Replace logo' })));

    const removeButton = screen.getByRole('button', { name: 'Remove logo' });
    removeButton.focus();
    fireEvent.click(removeButton);
    expect(await screen.findByText('Logo removed')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('No logo')).toBeTruthy());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Upload logo' })));
  });

  it('refuses another type or a file over 1 MB before sending', async () => {
    renderPage(<LocationLogo location={{ ...NEW_YORK, hasLogo: false }} />);
    choose(new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    expect(await screen.findByText(LOCATION_MESSAGES.logoBadType)).toBeTruthy();
    choose(new File([new Uint8Array(1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText(LOCATION_MESSAGES.logoTooLarge)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
