import { IconButton, Tooltip } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { setSearchOpen } from './search-store';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
export const SEARCH_SHORTCUT_LABEL = isMac ? '⌘K' : 'Ctrl+K';

/** The search button of the navigation header and the mobile top bar. */
export function GlobalSearchButton() {
  return (
    <Tooltip title={`Search clients and patients (${SEARCH_SHORTCUT_LABEL})`}>
      <IconButton size="small" aria-label="Search clients and patients" aria-keyshortcuts="Control+K Meta+K" onClick={() => setSearchOpen(true)}>
        <SearchIcon />
      </IconButton>
    </Tooltip>
  );
}
