import { useEffect, useMemo, useState } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';
import {
  Box,
  Dialog,
  IconButton,
  InputAdornment,
  LinearProgress,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import PersonIcon from '@mui/icons-material/Person';
import PetsIcon from '@mui/icons-material/Pets';
import SearchIcon from '@mui/icons-material/Search';
import { useNavigate } from 'react-router';
import { useSettings } from '../../lib/settings';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { DeceasedChip } from '../patients/patient-chips';

export { GlobalSearchButton } from './global-search-button';
import { moveActive, searchItems } from './search-results';
import type { SearchItem } from './search-results';
import { useGlobalSearch } from './search.api';
import { isSearchShortcut, setSearchOpen, useSearchOpen } from './search-store';

/** Mounted once by the shell: the shortcut listener and the dialog. */
export function GlobalSearch() {
  const open = useSearchOpen();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      // The browser's own Ctrl+K (focus the address bar's search) is less useful here.
      event.preventDefault();
      setSearchOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return <SearchDialog open={open} onClose={() => setSearchOpen(false)} />;
}

function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  const { locationId } = useSettings();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text, 200);
  const results = useGlobalSearch(open ? q : '', locationId);
  const items = useMemo(() => (q.trim() ? searchItems(results.data) : []), [results.data, q]);
  // The active result is kept by what it is, not by its place: when the results change (the answer
  // to the last letters typed arrives) the one the arrow keys reached stays active while it is
  // still there; otherwise the first is.
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const keyOf = (item: SearchItem) => `${item.kind}:${item.id}`;
  const active = Math.max(0, items.findIndex((item) => keyOf(item) === activeKey));
  const setActive = (index: number) => setActiveKey(items[index] ? keyOf(items[index]) : null);

  useEffect(() => {
    if (open) setText('');
  }, [open]);

  const go = (item: SearchItem | undefined) => {
    if (!item) return;
    onClose();
    void navigate(item.path);
  };

  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(moveActive(active, event.key === 'ArrowDown' ? 1 : -1, items.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(items[active]);
    }
  };

  const clients = items.filter((i) => i.kind === 'client');
  const patients = items.filter((i) => i.kind === 'patient');
  const optionId = (item: SearchItem) => `search-${item.kind}-${item.id}`;
  const renderGroup = (title: string, group: SearchItem[]) =>
    group.length > 0 && (
      <li>
        <List dense disablePadding subheader={<ListSubheader disableSticky>{title}</ListSubheader>} role="group" aria-label={title}>
          {group.map((item) => {
            const index = items.indexOf(item);
            return (
              <ListItemButton
                key={item.id}
                id={optionId(item)}
                role="option"
                aria-selected={index === active}
                selected={index === active}
                onMouseEnter={() => setActive(index)}
                onClick={() => go(item)}
                sx={item.deceasedOn ? { color: 'text.secondary' } : undefined}
              >
                <ListItemIcon sx={{ minWidth: 36 }}>{item.kind === 'client' ? <PersonIcon fontSize="small" /> : <PetsIcon fontSize="small" />}</ListItemIcon>
                <ListItemText primary={item.title} secondary={item.detail} slotProps={{ secondary: { noWrap: true } }} />
                <DeceasedChip deceasedOn={item.deceasedOn} />
              </ListItemButton>
            );
          })}
        </List>
      </li>
    );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      slotProps={{ paper: { sx: { alignSelf: { sm: 'flex-start' }, mt: { sm: 10 } }, 'aria-label': 'Search' } as object }}
    >
      <Box sx={{ p: 1.5 }}>
        <TextField
          autoFocus
          fullWidth
          placeholder="Search clients and patients by name, phone, email or microchip"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          slotProps={{
            htmlInput: {
              'aria-label': 'Search clients and patients',
              role: 'combobox',
              'aria-expanded': items.length > 0,
              'aria-controls': 'global-search-results',
              'aria-activedescendant': items[active] ? optionId(items[active]) : undefined,
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
              endAdornment: fullScreen ? (
                <InputAdornment position="end">
                  <IconButton edge="end" aria-label="Close search" onClick={onClose} size="small">
                    <Typography variant="caption">Close</Typography>
                  </IconButton>
                </InputAdornment>
              ) : (
                <InputAdornment position="end">
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    Esc
                  </Typography>
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      {results.isFetching && <LinearProgress sx={{ height: 2 }} />}
      <Box sx={{ maxHeight: { sm: 420 }, overflowY: 'auto', borderTop: 1, borderColor: 'divider' }}>
        {q.trim() === '' ? (
          <Typography variant="body2" sx={{ p: 2, color: 'text.secondary' }}>
            Type to search. ↑ ↓ to move, Enter to open.
          </Typography>
        ) : items.length === 0 && !results.isFetching ? (
          <Typography variant="body2" sx={{ p: 2, color: 'text.secondary' }}>
            Nothing found for “{q.trim()}”.
          </Typography>
        ) : (
          <Box component="ul" id="global-search-results" role="listbox" aria-label="Search results" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {renderGroup('Clients', clients)}
            {renderGroup('Patients', patients)}
          </Box>
        )}
      </Box>
    </Dialog>
  );
}
