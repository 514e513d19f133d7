import { useState } from 'react';
import { Alert, Box, Button, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import { TEMPLATE_MESSAGES } from '@willow/contracts';
import type { AppointmentDetail, EmailTemplate, RenderedEmail } from '@willow/contracts';
import { notifyError } from '../../lib/toasts';
import { START_FROM_TEMPLATE } from '../templates/start-from-template';
import { renderEmailTemplate, useTemplates } from '../templates/templates.api';
import { useClientChannels, useMessages } from './communications.api';
import { MessageStateChip } from './message-columns';
import { MessageComposer } from './message-composer';

/** How many of the messages since the appointment the panel shows (the client's page has them all). */
const SHOWN = 20;

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The aftercare emails of an appointment: the location's email templates, one click fills one in
 * with this appointment, its client and patient and opens it, a second (Send) sends it; below, what
 * was sent to the client since the appointment was booked (decision 0195). Email templates have no
 * category, so every one of the location's is offered.
 */
export function AftercareMessages({ appointment }: { appointment: AppointmentDetail }) {
  const templates = useTemplates('email', appointment.locationId);
  const channels = useClientChannels(appointment.clientId).data;
  const sent = useMessages({ clientId: appointment.clientId, since: appointment.createdAt, limit: SHOWN, offset: 0 });
  const [filling, setFilling] = useState<string | null>(null);
  const [email, setEmail] = useState<RenderedEmail | null>(null);
  const clientName = `${appointment.client.firstName} ${appointment.client.lastName}`.trim();
  const patientId = appointment.patientIds[0];

  const open = async (template: EmailTemplate) => {
    setFilling(template.id);
    try {
      setEmail(await renderEmailTemplate(template.id, { clientId: appointment.clientId, appointmentId: appointment.id, ...(patientId && { patientId }) }));
    } catch (e) {
      notifyError(START_FROM_TEMPLATE.fillError, e);
    } finally {
      setFilling(null);
    }
  };
  const list = templates.data ?? [];
  const messages = sent.data?.items ?? [];

  return (
    <Stack spacing={1} component="section" aria-label="Aftercare messages">
      <Typography variant="subtitle2" component="h3">
        Aftercare messages
      </Typography>
      {templates.error && <Alert severity="error">{TEMPLATE_MESSAGES.listError.email}</Alert>}
      {templates.isSuccess && list.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No email templates at this location yet
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {list.map((t) => (
          <Button
            key={t.id}
            size="small"
            variant="outlined"
            startIcon={<ForwardToInboxIcon />}
            loading={filling === t.id}
            disabled={filling !== null && filling !== t.id}
            onClick={() => void open(t)}
          >
            {t.name}
          </Button>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" component="h4">
        Sent to {clientName} since this appointment was booked
      </Typography>
      {sent.error && <Alert severity="error">Error getting messages</Alert>}
      {sent.isSuccess && messages.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          Nothing sent yet
        </Typography>
      )}
      {messages.length > 0 && (
        <List dense disablePadding aria-label={`Messages to ${clientName}`}>
          {messages.map((m) => (
            <ListItem key={m.id} disableGutters secondaryAction={<MessageStateChip message={m} />}>
              <ListItemText
                primary={m.subject ?? m.body}
                secondary={`${m.channel === 'sms' ? 'SMS' : 'Email'} · ${when(m.createdAt)}${m.sentBy ? ` · ${m.sentBy.name}` : ''}`}
                sx={{ pr: 12, overflowWrap: 'anywhere' }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <MessageComposer
        open={email !== null}
        channel="email"
        clientId={appointment.clientId}
        clientName={clientName}
        channels={channels}
        locationId={appointment.locationId}
        patientId={patientId}
        appointmentId={appointment.id}
        initial={email ?? undefined}
        onClose={() => setEmail(null)}
      />
    </Stack>
  );
}
