import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import toast from 'react-hot-toast';
import type { HelpWidgetConfig } from '@willow/contracts';
import { HELP_UNAVAILABLE, helpWidgetState, loadHelpWidget, openHelpCenter, shutdownHelpWidget } from './help-center';

const widget: HelpWidgetConfig = {
  appId: 'abc123',
  region: 'eu',
  apiBase: 'https://api-iam.eu.intercom.io',
  scriptUrl: 'https://widget.intercom.io/widget/abc123',
  user: { id: 'user-1', name: 'Vera Vet', email: 'vera@example.test', userHash: 'hash-1' },
};
const DOCS = 'https://docs.example/willow';

/** What the provider's script does when it arrives: takes over window.Intercom and runs the queued calls. */
function arriveAndBoot(): string[] {
  const commands: string[] = [];
  const queued = window.Intercom!.q ?? [];
  const ready: (() => void)[] = [];
  const real = (command: string, ...args: unknown[]) => {
    commands.push(command);
    if (command === 'ready') ready.push(args[0] as () => void);
    if (command === 'boot') for (const fn of ready) fn();
  };
  window.Intercom = real;
  for (const [command, ...args] of queued as [string, ...unknown[]][]) real(command, ...args);
  return commands;
}

const scriptTag = () => document.head.querySelector<HTMLScriptElement>(`script[src="${widget.scriptUrl}"]`);

let open: ReturnType<typeof vi.fn>;
beforeEach(() => {
  open = vi.fn();
  vi.stubGlobal('open', open);
});
afterEach(() => {
  shutdownHelpWidget();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  toast.remove();
  document.head.innerHTML = '';
  // a fresh page: the provider's script not loaded yet
  delete window.Intercom;
});

describe('the Help Center without the widget', () => {
  it('opens the documentation link in a new tab', async () => {
    expect(await openHelpCenter(DOCS)).toBe('documentation');
    expect(open).toHaveBeenCalledWith(DOCS, '_blank', 'noopener,noreferrer');
  });

  it('says help is not available when there is no link either', async () => {
    const error = vi.spyOn(toast, 'error');
    expect(await openHelpCenter(null)).toBe('none');
    expect(open).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith(HELP_UNAVAILABLE, expect.anything());
  });
});

describe('the Help Center with the widget', () => {
  it('loads the provider’s script with the region’s API base and only who the staff member is', () => {
    void loadHelpWidget(widget);
    expect(scriptTag()?.async).toBe(true);
    expect(window.intercomSettings).toEqual({
      api_base: 'https://api-iam.eu.intercom.io',
      app_id: 'abc123',
      user_id: 'user-1',
      name: 'Vera Vet',
      email: 'vera@example.test',
      user_hash: 'hash-1',
      hide_default_launcher: true,
    });
    // loading again does not add a second script
    void loadHelpWidget(widget);
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });

  it('leaves out the user hash when the server sends none', () => {
    void loadHelpWidget({ ...widget, user: { id: 'user-1', name: 'Vera Vet', email: 'vera@example.test' } });
    expect(window.intercomSettings).not.toHaveProperty('user_hash');
  });

  it('opens the widget once it has booted, not the link', async () => {
    const loaded = loadHelpWidget(widget);
    const commands = arriveAndBoot();
    expect(await loaded).toBe(true);
    expect(await openHelpCenter(DOCS)).toBe('widget');
    expect(commands).toEqual(['ready', 'boot', 'show']);
    expect(open).not.toHaveBeenCalled();
  });

  it('waits for a widget still loading, then opens it', async () => {
    void loadHelpWidget(widget);
    const opening = openHelpCenter(DOCS);
    const commands = arriveAndBoot();
    expect(await opening).toBe('widget');
    expect(commands.at(-1)).toBe('show');
  });

  it('falls back to the link when the script fails to load', async () => {
    const loaded = loadHelpWidget(widget);
    scriptTag()!.dispatchEvent(new Event('error'));
    expect(await loaded).toBe(false);
    expect(helpWidgetState()).toBe('failed');
    expect(await openHelpCenter(DOCS)).toBe('documentation');
    expect(open).toHaveBeenCalledWith(DOCS, '_blank', 'noopener,noreferrer');
  });

  it('falls back to the link when the widget has not booted within the timeout', async () => {
    vi.useFakeTimers();
    const loaded = loadHelpWidget(widget, 5_000);
    const opening = openHelpCenter(DOCS);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(open).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await loaded).toBe(false);
    expect(await opening).toBe('documentation');
    expect(open).toHaveBeenCalledWith(DOCS, '_blank', 'noopener,noreferrer');
  });

  it('ends the widget’s session on sign-out, so the next person starts afresh', async () => {
    const loaded = loadHelpWidget(widget);
    const commands = arriveAndBoot();
    await loaded;
    shutdownHelpWidget();
    expect(commands.at(-1)).toBe('shutdown');
    expect(window.intercomSettings).toBeUndefined();
    expect(helpWidgetState()).toBe('none');
    // the next sign-in boots the script already there for the next person, without loading it again
    const again = loadHelpWidget({ ...widget, user: { id: 'user-2', name: 'Nia Nurse', email: 'nia@example.test' } });
    expect(commands.slice(-2)).toEqual(['ready', 'boot']);
    expect(await again).toBe(true);
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });
});
