import { Box, Button, IconButton, MenuItem, TextField, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import FilterListIcon from '@mui/icons-material/FilterList';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import type { ReactNode } from 'react';
import type { Location } from '@willow/contracts';
import { CALENDAR_VIEWS, VIEW_LABELS } from './calendar-views';
import type { CalendarView } from './calendar-views';

const VIEW_KEYS: Record<CalendarView, string> = { day: 'D', week: 'W', month: 'M', providers: 'R' };

interface CalendarToolbarProps {
  title: string;
  view: CalendarView;
  /** e.g. 'Times in America/New_York (EST)' */
  zoneLabel: string;
  onToday: () => void;
  onStep: (direction: 1 | -1) => void;
  onView: (view: CalendarView) => void;
  onAddSlots: () => void;
  onAddNote: () => void;
  onNewAppointment: () => void;
  /** below md, where there is no sidebar: the button that opens the mini calendar */
  datePicker?: ReactNode;
  /** shown below md, where the filters live in a drawer */
  onFilters?: () => void;
  /** the page's own location choice while the navigation says 'All Locations' */
  locationPicker?: { value: string; locations: readonly Location[]; onChange: (id: string) => void };
}

export function CalendarToolbar(props: CalendarToolbarProps) {
  const { title, view, zoneLabel, onToday, onStep, onView, locationPicker } = props;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, pb: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Tooltip title="Today (T)">
          <Button variant="outlined" size="small" onClick={onToday}>
            Today
          </Button>
        </Tooltip>
        <Tooltip title="Previous (P)">
          <IconButton size="small" aria-label="Previous" onClick={() => onStep(-1)}>
            <ChevronLeftIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title="Next (N)">
          <IconButton size="small" aria-label="Next" onClick={() => onStep(1)}>
            <ChevronRightIcon />
          </IconButton>
        </Tooltip>
        {props.datePicker}
        <Typography variant="h6" component="h1" data-testid="calendar-title" sx={{ flex: '1 1 auto', minWidth: 0, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {title}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_, next: CalendarView | null) => next && onView(next)}
          aria-label="Calendar view"
        >
          {CALENDAR_VIEWS.map((v) => (
            <ToggleButton key={v} value={v} aria-keyshortcuts={VIEW_KEYS[v]} sx={{ textTransform: 'none', px: 1.25 }}>
              {VIEW_LABELS[v]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" color="text.secondary" data-testid="calendar-time-zone" sx={{ flex: '1 1 auto' }}>
          {zoneLabel}
        </Typography>
        {locationPicker && (
          <TextField
            select
            size="small"
            label="Location"
            value={locationPicker.value}
            onChange={(e) => locationPicker.onChange(e.target.value)}
            sx={{ minWidth: 180 }}
          >
            {locationPicker.locations.map((l) => (
              <MenuItem key={l.id} value={l.id}>
                {l.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        {props.onFilters && (
          <Button size="small" startIcon={<FilterListIcon />} onClick={props.onFilters}>
            Filters
          </Button>
        )}
        <Button size="small" startIcon={<EventAvailableIcon />} onClick={props.onAddSlots}>
          Add slots
        </Button>
        <Button size="small" startIcon={<NoteAddIcon />} onClick={props.onAddNote}>
          Add note
        </Button>
        <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={props.onNewAppointment}>
          New appointment
        </Button>
      </Box>
    </Box>
  );
}
