import { useId, useState } from 'react';
import type { MouseEvent } from 'react';
import { Box, Button, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import PostAddIcon from '@mui/icons-material/PostAdd';
import { TEMPLATE_MESSAGES } from '@willow/contracts';
import type { SmsTemplate } from '@willow/contracts';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notifyError } from '../../lib/toasts';
import { START_FROM_TEMPLATE } from './start-from-template';
import { renderSmsTemplate, useTemplates } from './templates.api';

export const INSERT_SMS_TEMPLATE = {
  button: 'Insert template',
  /** why the button is off for a number no client has: said beside it, and named as its description */
  noClient: 'Link this number to a client to insert a template',
} as const;

interface InsertSmsTemplateProps {
  /** whose SMS templates are offered: the location the text goes out from */
  locationId: string | null;
  /** the client the merge fields are filled for; none (an unknown number): nothing to fill, so nothing offered */
  clientId: string | null;
  /** what the person has typed: replaced only once they agree */
  current: string;
  onFill: (body: string) => void;
  disabled?: boolean;
}

/**
 * "Insert template" beside a text: the location's SMS templates; the one picked is filled in by
 * the server for the client and replaces the text, after asking when something was typed. The SMS
 * twin of the email's StartFromTemplate (decision 0194): plain text, sent as the person leaves it.
 */
export function InsertSmsTemplate({ locationId, clientId, current, onFill, disabled = false }: InsertSmsTemplateProps) {
  const templates = useTemplates('sms', locationId);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [asking, setAsking] = useState<SmsTemplate | null>(null);
  const [busy, setBusy] = useState(false);
  const menuId = useId();
  const whyId = useId();
  // No client: the merge fields have no one to be filled for. Said in words (a greyed-out button
  // alone tells nothing, and a disabled button takes no focus for a tooltip to show).
  const noClient = !clientId && !disabled;
  const fill = async (template: SmsTemplate) => {
    setAsking(null);
    if (!clientId) return;
    setBusy(true);
    try {
      // filled for the location the text goes out from: a client texted from another one reads its name and phone
      onFill((await renderSmsTemplate(template.id, { clientId, ...(locationId && { locationId }) })).body);
    } catch (e) {
      notifyError(START_FROM_TEMPLATE.fillError, e);
    } finally {
      setBusy(false);
    }
  };
  const choose = (template: SmsTemplate) => {
    setAnchor(null);
    if (current.trim()) setAsking(template);
    else void fill(template);
  };
  const list = templates.data ?? [];
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minWidth: 0 }}>
      <Button
        size="small"
        startIcon={<PostAddIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        disabled={disabled || !locationId || !clientId}
        loading={busy}
        aria-describedby={noClient ? whyId : undefined}
      >
        {INSERT_SMS_TEMPLATE.button}
      </Button>
      {noClient && (
        <Typography id={whyId} variant="caption" sx={{ color: 'text.secondary' }}>
          {INSERT_SMS_TEMPLATE.noClient}
        </Typography>
      )}
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} disableRestoreFocus>
        {templates.isLoading && <MenuItem disabled>Loading SMS templates…</MenuItem>}
        {templates.error && <MenuItem disabled>{TEMPLATE_MESSAGES.listError.sms}</MenuItem>}
        {templates.isSuccess && list.length === 0 && <MenuItem disabled>No SMS templates at this location yet</MenuItem>}
        {list.map((t) => (
          <MenuItem key={t.id} onClick={() => choose(t)}>
            <ListItemText primary={t.name} secondary={t.body.length > 60 ? `${t.body.slice(0, 60)}…` : t.body} />
          </MenuItem>
        ))}
      </Menu>
      <ConfirmDialog
        open={asking !== null}
        title={START_FROM_TEMPLATE.replaceTitle}
        message={`The text you wrote is replaced by “${asking?.name ?? ''}”, filled in.`}
        confirmLabel={START_FROM_TEMPLATE.replace}
        onConfirm={() => asking && void fill(asking)}
        onClose={() => setAsking(null)}
      />
    </Box>
  );
}
