import { useId } from 'react';
import { Box, Typography } from '@mui/material';
import PostAddIcon from '@mui/icons-material/PostAdd';
import type { SmsTemplate } from '@willow/contracts';
import { notifyError } from '../../lib/toasts';
import { START_FROM_TEMPLATE } from './start-from-template';
import { TemplatePicker } from './template-picker';
import { renderSmsTemplate } from './templates.api';

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
  const whyId = useId();
  // No client: the merge fields have no one to be filled for. Said in words (a greyed-out button
  // alone tells nothing, and a disabled button takes no focus for a tooltip to show).
  const noClient = !clientId && !disabled;
  const fill = async (template: SmsTemplate) => {
    if (!clientId) return;
    try {
      // filled for the location the text goes out from: a client texted from another one reads its name and phone
      onFill((await renderSmsTemplate(template.id, { clientId, ...(locationId && { locationId }) })).body);
    } catch (e) {
      notifyError(START_FROM_TEMPLATE.fillError, e);
    }
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minWidth: 0 }}>
      <TemplatePicker
        kind="sms"
        locationId={locationId}
        label={INSERT_SMS_TEMPLATE.button}
        icon={<PostAddIcon />}
        disabled={disabled || !clientId}
        describedBy={noClient ? whyId : undefined}
        secondary={(t) => (t.body.length > 60 ? `${t.body.slice(0, 60)}…` : t.body)}
        replaces={(t) => (current.trim() ? `The text you wrote is replaced by “${t.name}”, filled in.` : null)}
        onPick={fill}
      />
      {noClient && (
        <Typography id={whyId} variant="caption" sx={{ color: 'text.secondary' }}>
          {INSERT_SMS_TEMPLATE.noClient}
        </Typography>
      )}
    </Box>
  );
}
