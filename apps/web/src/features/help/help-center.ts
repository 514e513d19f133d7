// The Help Center: the in-app help widget (Intercom's Messenger), or the documentation link when
// the widget is not configured or does not load. Kept free of React and of API contracts: the
// menu entry calls it on a click, and the widget itself loads only behind the session.
import type { HelpWidgetConfig } from '@willow/contracts';
import toast from 'react-hot-toast';

/** Intercom's command queue as its documented install snippet defines it, or the loaded widget. */
interface IntercomFn {
  (command: string, ...args: unknown[]): void;
  q?: unknown[][];
  c?: (args: unknown[]) => void;
}

declare global {
  interface Window {
    Intercom?: IntercomFn;
    intercomSettings?: Record<string, unknown>;
  }
}

/** How long the widget may take to load and boot before the documentation link is used instead. */
export const HELP_WIDGET_BOOT_TIMEOUT_MS = 10_000;
export const HELP_UNAVAILABLE = 'Help is not available right now';

type WidgetState = 'none' | 'loading' | 'ready' | 'failed';

let state: WidgetState = 'none';
let outcome: Promise<boolean> = Promise.resolve(false);
let script: HTMLScriptElement | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;

export function helpWidgetState(): WidgetState {
  return state;
}

/**
 * Loads and boots the widget once, as Intercom documents for a single-page app: settings with the
 * region's API base and the signed-in staff member, a queue that holds calls until the script
 * arrives, then the script. Resolves true once the widget says it is ready, false when the script
 * fails or the widget has not booted within the timeout.
 */
export function loadHelpWidget(config: HelpWidgetConfig, timeoutMs = HELP_WIDGET_BOOT_TIMEOUT_MS): Promise<boolean> {
  if (state !== 'none') return outcome;
  state = 'loading';
  const settings: Record<string, unknown> = {
    api_base: config.apiBase,
    app_id: config.appId,
    user_id: config.user.id,
    name: config.user.name,
    email: config.user.email,
    ...(config.user.userHash && { user_hash: config.user.userHash }),
    // The Help › Help Center entry is the launcher: no bubble over the pages' own controls.
    hide_default_launcher: true,
  };
  window.intercomSettings = settings;
  outcome = new Promise<boolean>((resolve) => {
    const settle = (ready: boolean) => {
      clearTimeout(timer);
      // A widget that boots after the timeout still opens on the next click.
      if (ready) state = 'ready';
      else if (state === 'loading') state = 'failed';
      resolve(ready);
    };
    const loaded = typeof window.Intercom === 'function' && !window.Intercom.q;
    if (!loaded) {
      const queue: IntercomFn = (...args: unknown[]) => queue.c!(args);
      queue.q = [];
      queue.c = (args) => queue.q!.push(args);
      window.Intercom = queue;
    }
    window.Intercom!('ready', () => settle(true));
    window.Intercom!('boot', settings);
    if (!loaded) {
      script = document.createElement('script');
      script.async = true;
      script.src = config.scriptUrl;
      script.onerror = () => settle(false);
      document.head.appendChild(script);
    }
    timer = setTimeout(() => settle(false), timeoutMs);
  });
  return outcome;
}

/** Signing out ends the widget's conversation session too, so the next person at the desk starts afresh. */
export function shutdownHelpWidget(): void {
  clearTimeout(timer);
  if (state === 'ready') window.Intercom?.('shutdown');
  if (state === 'loading' || state === 'failed') {
    script?.remove();
    if (window.Intercom?.q) delete window.Intercom;
  }
  script = undefined;
  delete window.intercomSettings;
  state = 'none';
  outcome = Promise.resolve(false);
}

/**
 * Help › Help Center: the widget when it is ready (waiting for it while it loads), otherwise the
 * documentation (`helpCenterUrl`) in a new tab; the person is told when there is neither.
 */
export async function openHelpCenter(helpCenterUrl: string | null): Promise<'widget' | 'documentation' | 'none'> {
  if (state === 'loading') await outcome;
  if (state === 'ready' && window.Intercom) {
    window.Intercom('show');
    return 'widget';
  }
  if (helpCenterUrl) {
    window.open(helpCenterUrl, '_blank', 'noopener,noreferrer');
    return 'documentation';
  }
  toast.error(HELP_UNAVAILABLE, { id: 'help-unavailable' });
  return 'none';
}
