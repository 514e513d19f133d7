import { useId, useState } from 'react';
import type { MouseEvent } from 'react';
import { Button, ListItemText, Menu, MenuItem } from '@mui/material';
import PostAddIcon from '@mui/icons-material/PostAdd';
import { TEMPLATE_MESSAGES } from '@willow/contracts';
import type { EmailTemplate, RenderedEmail } from '@willow/contracts';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notifyError } from '../../lib/toasts';
import { renderEmailTemplate, useTemplates } from './templates.api';

/** The records an email is about: the client, and as the place has them the patient, appointment or invoice. */
export interface EmailRecords {
  clientId: string;
  patientId?: string | undefined;
  appointmentId?: string | undefined;
  invoiceId?: string | undefined;
}

export const START_FROM_TEMPLATE = {
  button: 'Start from template',
  fillError: 'Error filling in the template',
  replaceTitle: 'Replace what you wrote?',
  replace: 'Replace',
} as const;

/** The records' ids that are set, as the render operation takes them. */
export const recordsOf = (r: EmailRecords) => ({
  clientId: r.clientId,
  ...(r.patientId && { patientId: r.patientId }),
  ...(r.appointmentId && { appointmentId: r.appointmentId }),
  ...(r.invoiceId && { invoiceId: r.invoiceId }),
});

interface StartFromTemplateProps {
  /** whose email templates are offered: the location the email goes out from (none: nothing to offer yet) */
  locationId: string | null;
  records: EmailRecords;
  /** what the person has written so far: replaced only once they agree */
  current: { subject: string; body: string };
  onFill: (email: RenderedEmail) => void;
}

/**
 * "Start from template" beside an email's fields: the location's email templates; the one picked
 * is filled in by the server with the records in view and fills the subject and the body. What the
 * person already wrote is replaced only after they say so. The text arrives as plain text (merged
 * values as written) and is sent as the person leaves it (decision 0194).
 */
export function StartFromTemplate({ locationId, records, current, onFill }: StartFromTemplateProps) {
  const templates = useTemplates('email', locationId);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [asking, setAsking] = useState<EmailTemplate | null>(null);
  const [busy, setBusy] = useState(false);
  const menuId = useId();
  const fill = async (template: EmailTemplate) => {
    setAsking(null);
    setBusy(true);
    try {
      onFill(await renderEmailTemplate(template.id, recordsOf(records)));
    } catch (e) {
      notifyError(START_FROM_TEMPLATE.fillError, e);
    } finally {
      setBusy(false);
    }
  };
  const choose = (template: EmailTemplate) => {
    setAnchor(null);
    if (current.subject.trim() || current.body.trim()) setAsking(template);
    else void fill(template);
  };
  const list = templates.data ?? [];
  return (
    <>
      <Button
        size="small"
        startIcon={<PostAddIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        disabled={!locationId}
        loading={busy}
        sx={{ alignSelf: 'flex-start' }}
      >
        {START_FROM_TEMPLATE.button}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} disableRestoreFocus>
        {templates.isLoading && <MenuItem disabled>Loading email templates…</MenuItem>}
        {templates.error && <MenuItem disabled>{TEMPLATE_MESSAGES.listError.email}</MenuItem>}
        {templates.isSuccess && list.length === 0 && <MenuItem disabled>No email templates at this location yet</MenuItem>}
        {list.map((t) => (
          <MenuItem key={t.id} onClick={() => choose(t)}>
            <ListItemText primary={t.name} secondary={t.subject} />
          </MenuItem>
        ))}
      </Menu>
      <ConfirmDialog
        open={asking !== null}
        title={START_FROM_TEMPLATE.replaceTitle}
        message={`The subject and message you wrote are replaced by “${asking?.name ?? ''}”, filled in.`}
        confirmLabel={START_FROM_TEMPLATE.replace}
        onConfirm={() => asking && void fill(asking)}
        onClose={() => setAsking(null)}
      />
    </>
  );
}
