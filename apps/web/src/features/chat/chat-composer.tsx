import { Alert, Box, Button } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import type { KeyboardEvent } from 'react';
import { CHAT_MESSAGES, MESSAGE_MAX_LENGTH } from '@willow/contracts';
import type { ChatMessage } from '@willow/contracts';
import { MessageInput } from '../../components/form-fields';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { serverFieldErrors } from '../../lib/zod-errors';
import { segmentLabel } from '../communications/message-composer';
import { InsertSmsTemplate } from '../templates/insert-sms-template';
import { didNotArrive } from './chat-format';
import type { ConversationRef } from './chat.api';
import { useReplyToChat } from './chat.api';

interface ChatComposerProps {
  conversation: ConversationRef;
  /** the client the templates are filled for (null: an unknown number) */
  clientId: string | null;
  /** why no text can be written (replied STOP, no phone); null when one can */
  problem: string | null;
  /** what is typed, kept by the page per conversation so switching away loses nothing */
  draft: string;
  onDraft: (text: string) => void;
  /** a reply was queued: the conversation watches it until it has an outcome */
  onSent: (message: ChatMessage) => void;
}

/** The text is one Twilio may send: not blank, under the message rule. */
export const canSend = (text: string) => text.trim().length > 0 && text.length <= MESSAGE_MAX_LENGTH;

/**
 * The reply box under a conversation: the text with its SMS segment count and the 1000-character
 * rule under it (Send stays disabled past it), Insert template, and Send ('SMS sent'). The text is
 * cleared only once the server took it; a refused one stays in the box with the reason under it.
 * A number that replied STOP cannot be texted: the box says so and takes nothing.
 */
export function ChatComposer({ conversation, clientId, problem, draft, onDraft, onSent }: ChatComposerProps) {
  const reply = useReplyToChat();
  const blocked = problem !== null;
  const send = () => {
    if (blocked || reply.isPending || !canSend(draft)) return;
    // The promise, not mutate's callbacks: those are dropped once the conversation is left, and a
    // text the server took would then wait in the box (no 'SMS sent') to be sent a second time.
    reply.mutateAsync({ ref: conversation, body: draft }).then(
      (message) => {
        onDraft('');
        onSent(message);
        // Kept as not sent at once (no Twilio at the location): say so now; otherwise its outcome is watched.
        if (didNotArrive(message)) notifyError(CHAT_MESSAGES.smsError, new Error(message.reason ?? CHAT_MESSAGES.smsError));
        else notifySuccess(CHAT_MESSAGES.smsSent);
      },
      (error: unknown) => notifyError(CHAT_MESSAGES.smsError, error),
    );
  };
  // Enter sends, Shift+Enter starts a new line, as chat boxes do.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  // A refused reply says why under the text it refused (the text stays to be fixed).
  const fieldError = reply.error ? (serverFieldErrors(reply.error)?.body ?? reply.error.message) : undefined;
  return (
    <Box component="form" aria-label="Reply" onSubmit={(e) => (e.preventDefault(), send())} sx={{ borderTop: 1, borderColor: 'divider', p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
      {blocked && (
        <Alert severity="warning" role="status">
          {problem}
        </Alert>
      )}
      <MessageInput
        label="Message"
        value={draft}
        onValueChange={(text) => {
          if (reply.error) reply.reset();
          onDraft(text);
        }}
        disabled={blocked}
        minRows={2}
        maxRows={8}
        onKeyDown={onKeyDown}
        error={fieldError || undefined}
        helperText={blocked ? undefined : segmentLabel(draft)}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <InsertSmsTemplate locationId={conversation.locationId} clientId={clientId} current={draft} onFill={onDraft} disabled={blocked} />
        <Button type="submit" variant="contained" endIcon={<SendIcon />} disabled={blocked || !canSend(draft)} loading={reply.isPending}>
          Send
        </Button>
      </Box>
    </Box>
  );
}
