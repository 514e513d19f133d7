import PostAddIcon from '@mui/icons-material/PostAdd';
import type { EmailTemplate, RenderedEmail } from '@willow/contracts';
import { notifyError } from '../../lib/toasts';
import { TEMPLATE_PICKER, TemplatePicker } from './template-picker';
import { renderEmailTemplate } from './templates.api';

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
  ...TEMPLATE_PICKER,
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
  const fill = async (template: EmailTemplate) => {
    try {
      onFill(await renderEmailTemplate(template.id, recordsOf(records)));
    } catch (e) {
      notifyError(START_FROM_TEMPLATE.fillError, e);
    }
  };
  return (
    <TemplatePicker
      kind="email"
      locationId={locationId}
      label={START_FROM_TEMPLATE.button}
      icon={<PostAddIcon />}
      secondary={(t) => t.subject}
      replaces={(t) => (current.subject.trim() || current.body.trim() ? `The subject and message you wrote are replaced by “${t.name}”, filled in.` : null)}
      onPick={fill}
      sx={{ alignSelf: 'flex-start' }}
    />
  );
}
