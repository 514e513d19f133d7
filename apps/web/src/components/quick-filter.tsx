import { ToggleButton, ToggleButtonGroup } from '@mui/material';

interface QuickFilterProps<V extends string> {
  label: string;
  value: V;
  options: readonly { value: V; label: string; count?: number }[];
  onChange: (value: V) => void;
}

/** One-tap filters above a list (e.g. Overdue, Due soon), with how many rows each would show. */
export function QuickFilter<V extends string>({ label, value, options, onChange }: QuickFilterProps<V>) {
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      onChange={(_, next: V | null) => next && onChange(next)}
      aria-label={label}
      sx={{ flexWrap: 'wrap' }}
    >
      {options.map((o) => (
        <ToggleButton key={o.value} value={o.value} sx={{ textTransform: 'none', px: 1.5 }}>
          {o.count === undefined ? o.label : `${o.label} (${o.count})`}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
