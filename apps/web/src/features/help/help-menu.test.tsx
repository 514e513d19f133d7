// Help › Help Center in the real side navigation, with the server's answer to /api/config/client.
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { ClientConfig } from '@willow/contracts';
import { buildRegistry } from '../../app/feature-registry';
import { RegistryContext } from '../../app/registry-context';
import { SideNav } from '../../app/shell/side-nav';
import { fakeServer, NEW_YORK, resetAll, sessionAnswer, stubMatchMedia } from '../../test/test-support';
import { shutdownHelpWidget } from './help-center';
import { HelpWidget } from './help-widget';
import { helpFeature } from './index';

const DOCS = 'https://docs.example/willow';
const NONE: ClientConfig = { helpWidget: null, helpCenterUrl: null, analytics: null };
const widgetIn = (region: 'us' | 'ap', apiBase: string): ClientConfig['helpWidget'] => ({
  appId: 'abc123',
  region,
  apiBase,
  scriptUrl: 'https://widget.intercom.io/widget/abc123',
  user: { id: 'u1', name: 'Vera Vet', email: 'vet@example.test' },
});

function renderNav(config: ClientConfig) {
  const calls = fakeServer((call) => (call.path === '/api/config/client' ? { body: config } : sessionAnswer(call, NEW_YORK)));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RegistryContext value={buildRegistry([helpFeature])}>
        <MemoryRouter initialEntries={['/']}>
          <SideNav collapsed={false} />
          {/* the shell mounts the widget's loader beside the navigation */}
          <Suspense fallback={null}>
            <HelpWidget />
          </Suspense>
        </MemoryRouter>
      </RegistryContext>
    </QueryClientProvider>,
  );
  return calls;
}

let open: ReturnType<typeof vi.fn>;
beforeEach(() => {
  stubMatchMedia();
  open = vi.fn();
  vi.stubGlobal('open', open);
});
afterEach(() => {
  shutdownHelpWidget();
  resetAll();
  document.head.innerHTML = '';
  delete window.Intercom;
});

describe('Help › Help Center', () => {
  it('is not offered when there is neither a widget nor a documentation link', async () => {
    const calls = renderNav(NONE);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/config/client')).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('list', { name: 'Help' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Help Center' })).toBeNull();
  });

  it('opens the documentation link in a new tab when the widget is not configured, and loads no script', async () => {
    renderNav({ ...NONE, helpCenterUrl: DOCS });
    const help = await screen.findByRole('list', { name: 'Help' });
    const entry = within(help).getByRole('button', { name: 'Help Center' });
    // an action, not a link to a page
    expect(entry.tagName).not.toBe('A');
    fireEvent.click(entry);
    await waitFor(() => expect(open).toHaveBeenCalledWith(DOCS, '_blank', 'noopener,noreferrer'));
    expect(document.querySelector('script')).toBeNull();
  });

  it('opens the widget when it is configured and has booted', async () => {
    const widget = widgetIn('us', 'https://api-iam.intercom.io');
    renderNav({ ...NONE, helpWidget: widget, helpCenterUrl: DOCS });
    const entry = await screen.findByRole('button', { name: 'Help Center' });
    // the shell is up: the widget's script is on its way, then boots
    await waitFor(() => expect(document.querySelector(`script[src="${widget!.scriptUrl}"]`)).not.toBeNull());
    const shown: string[] = [];
    const queued = (window.Intercom!.q ?? []) as [string, ...unknown[]][];
    const ready: (() => void)[] = [];
    window.Intercom = (command: string, ...args: unknown[]) => {
      shown.push(command);
      if (command === 'ready') ready.push(args[0] as () => void);
      if (command === 'boot') ready.forEach((fn) => fn());
    };
    for (const [command, ...args] of queued) window.Intercom(command, ...args);
    fireEvent.click(entry);
    await waitFor(() => expect(shown).toContain('show'));
    expect(open).not.toHaveBeenCalled();
  });

  it('falls back to the documentation link when the widget’s script fails to load', async () => {
    renderNav({ ...NONE, helpWidget: widgetIn('ap', 'https://api-iam.au.intercom.io'), helpCenterUrl: DOCS });
    const entry = await screen.findByRole('button', { name: 'Help Center' });
    await waitFor(() => expect(document.querySelector('script')).not.toBeNull());
    document.querySelector('script')!.dispatchEvent(new Event('error'));
    fireEvent.click(entry);
    await waitFor(() => expect(open).toHaveBeenCalledWith(DOCS, '_blank', 'noopener,noreferrer'));
  });
});
