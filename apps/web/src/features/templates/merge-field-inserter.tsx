import { useId, useState } from 'react';
import type { MouseEvent } from 'react';
import { Button, ListSubheader, Menu, MenuItem, ListItemText } from '@mui/material';
import DataObjectIcon from '@mui/icons-material/DataObject';
import { MERGE_FIELD_GROUPS, mergeFieldTag, TEMPLATE_MERGE_GROUPS } from '@willow/contracts';
import type { TemplateKind } from '@willow/contracts';
import { useMergeTargets } from './merge-targets';

/** The merge fields a kind offers, by group, as the menu lists them. */
export function mergeFieldMenu(kind: TemplateKind) {
  return TEMPLATE_MERGE_GROUPS[kind].map((group) => ({
    group,
    label: MERGE_FIELD_GROUPS[group].label,
    fields: Object.entries(MERGE_FIELD_GROUPS[group].fields).map(([field, f]) => ({
      label: f.label,
      tag: mergeFieldTag(group, field),
    })),
  }));
}

/**
 * "Insert field": a menu of the kind's merge fields by group; the chosen one goes in at the caret of
 * the text field used last (the template's main text before any was used).
 */
export function MergeFieldInserter({ kind }: { kind: TemplateKind }) {
  const targets = useMergeTargets();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const groups = mergeFieldMenu(kind);
  const choose = (tag: string) => {
    setAnchor(null);
    targets?.insert(tag);
  };
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<DataObjectIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        sx={{ alignSelf: 'flex-start' }}
      >
        Insert field
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        // The field gets the focus back (with the caret after the tag), not this button.
        disableRestoreFocus
        slotProps={{ paper: { sx: { maxHeight: 420 } } }}
      >
        {groups.flatMap((g) => [
          <ListSubheader key={`group-${g.group}`}>{g.label}</ListSubheader>,
          ...g.fields.map((f) => (
            <MenuItem key={f.tag} onClick={() => choose(f.tag)} aria-label={`${g.label}: ${f.label}`}>
              <ListItemText primary={f.label} secondary={f.tag} />
            </MenuItem>
          )),
        ])}
      </Menu>
    </>
  );
}
