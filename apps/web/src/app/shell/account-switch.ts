import toast from 'react-hot-toast';
import { clearAccountSelections } from '../../lib/settings';

/** sessionStorage, not the settings key: the flag must survive exactly one reload of this tab. */
const SWITCHED_FLAG = 'willow.accountSwitched';
export const ACCOUNT_SWITCHED_MESSAGE = 'Successfully switched accounts';

/** Called once the server has moved the session: everything tied to the old account goes. */
export function completeAccountSwitch(reload: () => void = () => window.location.reload()): void {
  clearAccountSelections();
  try {
    window.sessionStorage.setItem(SWITCHED_FLAG, '1');
  } catch {
    // Without storage the toast is lost, the switch itself still worked.
  }
  reload();
}

/** After the reload: tell the user the switch happened. */
export function announceAccountSwitch(): void {
  try {
    if (window.sessionStorage.getItem(SWITCHED_FLAG) !== '1') return;
    window.sessionStorage.removeItem(SWITCHED_FLAG);
  } catch {
    return;
  }
  toast.success(ACCOUNT_SWITCHED_MESSAGE);
}
