import { useId, useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { Button, ListItemText, Menu, MenuItem } from '@mui/material';
import type { SxProps, Theme } from '@mui/material';
import { TEMPLATE_MESSAGES } from '@willow/contracts';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useTemplates, type TemplateOf } from './templates.api';

export const TEMPLATE_PICKER = {
  replaceTitle: 'Replace what you wrote?',
  replace: 'Replace',
} as const;

type PickedKind = 'email' | 'sms' | 'note';
const WORDS: Record<PickedKind, string> = { email: 'email templates', sms: 'SMS templates', note: 'note templates' };

interface TemplatePickerProps<K extends PickedKind> {
  kind: K;
  /** whose templates are offered (none: nothing to offer yet, the button is off) */
  locationId: string | null;
  label: string;
  icon: ReactNode;
  disabled?: boolean;
  /** the id of the words that say why the button is off */
  describedBy?: string | undefined;
  /** the line under a template's name in the menu */
  secondary?: (template: TemplateOf[K]) => string | undefined;
  /** what picking it would replace, said before it is (null: nothing written, nothing to ask) */
  replaces?: (template: TemplateOf[K]) => string | null;
  /** fills the template in; the button shows it is busy until this settles (its failures are its own to tell) */
  onPick: (template: TemplateOf[K]) => Promise<void>;
  sx?: SxProps<Theme>;
}

/**
 * The one "pick a template" button of the web (email's Start from template, a text's and a note's
 * Insert template): the location's templates of a kind in a menu, each state said in it (loading,
 * failed, none yet), and what the person wrote replaced only once they agree.
 */
export function TemplatePicker<K extends PickedKind>({ kind, locationId, label, icon, disabled = false, describedBy, secondary, replaces, onPick, sx }: TemplatePickerProps<K>) {
  const templates = useTemplates(kind, locationId);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [asking, setAsking] = useState<{ template: TemplateOf[K]; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const menuId = useId();
  const pick = async (template: TemplateOf[K]) => {
    setAsking(null);
    setBusy(true);
    try {
      await onPick(template);
    } finally {
      setBusy(false);
    }
  };
  const choose = (template: TemplateOf[K]) => {
    setAnchor(null);
    const message = replaces?.(template) ?? null;
    if (message) setAsking({ template, message });
    else void pick(template);
  };
  const list = templates.data ?? [];
  return (
    <>
      <Button
        size="small"
        startIcon={icon}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        disabled={disabled || !locationId}
        loading={busy}
        aria-describedby={describedBy}
        sx={sx}
      >
        {label}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} disableRestoreFocus>
        {templates.isLoading && <MenuItem disabled>Loading {WORDS[kind]}…</MenuItem>}
        {templates.error && <MenuItem disabled>{TEMPLATE_MESSAGES.listError[kind]}</MenuItem>}
        {templates.isSuccess && list.length === 0 && <MenuItem disabled>No {WORDS[kind]} at this location yet</MenuItem>}
        {list.map((t) => (
          <MenuItem key={t.id} onClick={() => choose(t)}>
            <ListItemText primary={t.name} secondary={secondary?.(t)} />
          </MenuItem>
        ))}
      </Menu>
      {replaces && (
        <ConfirmDialog
          open={asking !== null}
          title={TEMPLATE_PICKER.replaceTitle}
          message={asking?.message ?? ''}
          confirmLabel={TEMPLATE_PICKER.replace}
          onConfirm={() => asking && void pick(asking.template)}
          onClose={() => setAsking(null)}
        />
      )}
    </>
  );
}
