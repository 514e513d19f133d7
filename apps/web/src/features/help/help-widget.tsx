import { useEffect } from 'react';
import { useClientConfig } from '../../app/session';
import { loadHelpWidget, shutdownHelpWidget } from './help-center';

/**
 * Mounted once inside the shell, in a chunk of its own: the widget loads after the shell is up and
 * never on the sign-in page, and goes away when the shell does (signing out).
 */
export function HelpWidget() {
  const widget = useClientConfig()?.helpWidget ?? null;
  useEffect(() => {
    if (!widget) return;
    void loadHelpWidget(widget);
    return () => shutdownHelpWidget();
  }, [widget]);
  return null;
}
