import { ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditCalendarIcon from '@mui/icons-material/EditCalendar';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import type { ScheduleSlot } from '@willow/contracts';
import { contextMenuDefaults } from './calendar-drafts';
import type { MenuPlace } from './calendar-drafts';
import type { NoteDefaults } from './note-dialog';
import type { SlotDefaults } from './slot-dialog';

/** Where the menu was opened and on what. */
export interface ContextMenuState extends MenuPlace {
  x: number;
  y: number;
  /** the instant clicked (null in the month view: no time there) */
  start: number | null;
  /** the slot under the pointer, which the menu offers to edit */
  slot: ScheduleSlot | null;
}

interface CalendarContextMenuProps {
  menu: ContextMenuState | null;
  timeZone: string;
  onClose: () => void;
  onNewAppointment: (start: number, end: number, providerId: string | null | undefined, lengthChosen: boolean, slot: ScheduleSlot | null) => void;
  onNewSlots: (defaults: SlotDefaults) => void;
  onEditSlot: (slot: ScheduleSlot) => void;
  onNewNote: (defaults: NoteDefaults) => void;
}

/** What to add at a place in the calendar (right-click or long press on empty time, a click on a month day). */
export function CalendarContextMenu({ menu, timeZone, onClose, onNewAppointment, onNewSlots, onEditSlot, onNewNote }: CalendarContextMenuProps) {
  const items = () => {
    if (!menu) return null;
    const defaults = contextMenuDefaults(menu, timeZone);
    const { start, end, providerId } = defaults.appointment;
    return [
      <MenuItem key="appointment" onClick={() => (onClose(), onNewAppointment(start, end, providerId, false, menu.slot))}>
        <ListItemIcon>
          <AddIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>New appointment</ListItemText>
      </MenuItem>,
      <MenuItem key="slot" onClick={() => (onClose(), onNewSlots(defaults.slot))}>
        <ListItemIcon>
          <EventAvailableIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Add schedule slot</ListItemText>
      </MenuItem>,
      menu.slot && (
        <MenuItem key="edit-slot" onClick={() => (onClose(), onEditSlot(menu.slot!))}>
          <ListItemIcon>
            <EditCalendarIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Edit schedule slot</ListItemText>
        </MenuItem>
      ),
      <MenuItem key="note" onClick={() => (onClose(), onNewNote(defaults.note))}>
        <ListItemIcon>
          <NoteAddIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Add note</ListItemText>
      </MenuItem>,
    ];
  };

  return (
    <Menu open={menu !== null} onClose={onClose} anchorReference="anchorPosition" anchorPosition={menu ? { top: menu.y, left: menu.x } : undefined}>
      {items()}
    </Menu>
  );
}
