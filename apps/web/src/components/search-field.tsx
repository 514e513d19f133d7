import { useEffect, useRef, useState } from 'react';
import { InputAdornment, TextField } from '@mui/material';
import type { SxProps, Theme } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { useLatest } from '../lib/use-latest';
import { TextInput } from './text-input';

interface SearchFieldProps {
  /** the box's name: its visible label with `labelled`, otherwise read out only, beside a search icon */
  label: string;
  labelled?: boolean;
  placeholder?: string;
  size?: 'small' | 'medium';
  type?: 'search';
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  /** the typed text, trimmed, each time typing pauses on a new one (never at first: the page starts with '') */
  onSettled: (text: string) => void;
}

/**
 * A list's search box. It keeps what is typed itself and hands the page the text once typing has
 * paused (as useDebouncedValue did in each page), so a key press draws the box again, not the
 * page with its grid of rows: 479 components a key on the client list before (decision 0324).
 */
export function SearchField({ label, labelled = false, placeholder, size, type, fullWidth, sx, onSettled }: SearchFieldProps) {
  const [text, setText] = useState('');
  const settled = useDebouncedValue(text.trim());
  // The page's latest callback, called when the settled text changes: a page passing a new
  // function each time it draws does not make the text be handed over again.
  const latest = useLatest(onSettled);
  const handed = useRef('');
  useEffect(() => {
    if (settled === handed.current) return;
    handed.current = settled;
    latest.current(settled);
  }, [settled]);

  if (labelled)
    return <TextInput label={label} size={size} type={type} value={text} onValueChange={setText} placeholder={placeholder} sx={sx} />;
  return (
    <TextField
      fullWidth={fullWidth}
      size={size}
      type={type}
      placeholder={placeholder}
      value={text}
      onChange={(e) => setText(e.target.value)}
      slotProps={{
        htmlInput: { 'aria-label': label },
        input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> },
      }}
      sx={sx}
    />
  );
}
