import { useEffect } from 'react';
import { useClientConfig } from '../../app/session';
import { loadHelpWidget, setHelpCenterUrl, shutdownHelpWidget } from './help-center';

/**
 * Mounted once inside the shell, in a chunk of its own: the widget loads after the shell is up and
 * never on the sign-in page, and goes away when the shell does (signing out).
 */
export function HelpWidget() {
  const config = useClientConfig();
  const helpCenterUrl = config?.helpCenterUrl ?? null;
  const widget = config?.helpWidget ?? null;

  useEffect(() => setHelpCenterUrl(helpCenterUrl), [helpCenterUrl]);
  useEffect(() => {
    if (!widget) return;
    void loadHelpWidget(widget);
    return () => shutdownHelpWidget();
  }, [widget]);
  return null;
}
