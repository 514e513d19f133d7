import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Menu, Tooltip } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';

interface NavDropdownProps {
  /** accessible name, e.g. 'Location' */
  name: string;
  label: string;
  icon: ReactNode;
  collapsed: boolean;
  onOpen?: () => void;
  children: (close: () => void) => ReactNode;
}

/** On a collapsed navigation only the first 3 characters of the name show. */
export function shortName(name: string, collapsed: boolean): string {
  return collapsed ? name.slice(0, 3) : name;
}

/** A navigation button that opens a menu of choices (location, account). */
export function NavDropdown({ name, label, icon, collapsed, onOpen, children }: NavDropdownProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title={`${name}: ${label}`} placement="right">
        <Button
          fullWidth
          variant="outlined"
          size="small"
          color="inherit"
          aria-label={`${name}: ${label}`}
          aria-haspopup="menu"
          startIcon={collapsed ? undefined : icon}
          endIcon={collapsed ? undefined : <ExpandMoreIcon />}
          onClick={(e) => {
            setAnchor(e.currentTarget);
            onOpen?.();
          }}
          sx={{
            justifyContent: collapsed ? 'center' : 'space-between',
            textTransform: 'none',
            minWidth: 0,
            px: collapsed ? 0.5 : 1,
            '& .label': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', flex: 1, textAlign: 'left' },
          }}
        >
          <span className="label">{shortName(label, collapsed)}</span>
        </Button>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        slotProps={{ paper: { sx: { maxHeight: 420, minWidth: 220 } } }}
      >
        {children(close)}
      </Menu>
    </>
  );
}
