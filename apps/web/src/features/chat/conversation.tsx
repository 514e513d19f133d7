import { useEffect, useMemo, useRef, useState } from 'react';
import { Box, Chip, IconButton, Link as MuiLink, Skeleton, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link } from 'react-router';
import { CHAT_MESSAGES } from '@willow/contracts';
import type { ChatMessage } from '@willow/contracts';
import { ListError, loadErrorOf } from '../../components/list-error';
import { notifyError, useErrorToast } from '../../lib/toasts';
import { ChatComposer } from './chat-composer';
import { didNotArrive, displayPhone } from './chat-format';
import { conversationTitle } from './chat-list';
import type { ConversationRef } from './chat.api';
import { useChatMessages, useMarkChatRead } from './chat.api';
import { LinkNumber } from './link-number';
import { MessageHistory } from './message-history';

interface ConversationProps {
  conversation: ConversationRef;
  /** on a phone the conversation is the page: a back button to the list, and its title is the page's heading */
  alone: boolean;
  draft: string;
  onDraft: (text: string) => void;
}

/**
 * One conversation: who it is with (a client, linked to their page, or an unknown number to link),
 * whether they replied STOP, the texts both ways, and the reply box. Being open reads it: its
 * unread texts are marked read as they arrive, so the list's count and the badge go down.
 */
export function Conversation({ conversation, alone, draft, onDraft }: ConversationProps) {
  const history = useChatMessages(conversation);
  useErrorToast(history.error, CHAT_MESSAGES.messagesError);
  const pages = history.data?.pages;
  const header = pages?.[0]?.conversation;
  const messages = useMemo(() => (pages ? [...pages].reverse().flatMap((p) => p.messages) : []), [pages]);

  // Open means read: the unread texts (and any that arrive while it is open) are marked read.
  const markRead = useMarkChatRead();
  const unread = header?.count ?? 0;
  const { mutate: mark } = markRead;
  // Once per newest text: a read that failed is not retried in a loop (the next text tries again).
  const markedAt = useRef<string | null>(null);
  const newest = `${conversation.locationId}/${conversation.clientId ?? conversation.phone}/${messages.at(-1)?.id ?? ''}`;
  useEffect(() => {
    if (unread === 0 || markedAt.current === newest) return;
    markedAt.current = newest;
    mark(conversation);
  }, [unread, newest, mark, conversation]);

  // A reply is watched until it has an outcome: one that did not go says so, and its text comes back to the empty box.
  const [watched, setWatched] = useState<readonly string[]>([]);
  const draftNow = useRef(draft);
  draftNow.current = draft;
  useEffect(() => {
    if (watched.length === 0) return;
    const settled = messages.filter((m) => watched.includes(m.id) && m.state !== 'queued' && m.state !== 'sending');
    if (settled.length === 0) return;
    for (const m of settled.filter(didNotArrive)) {
      notifyError(CHAT_MESSAGES.smsError, new Error(m.reason ?? CHAT_MESSAGES.smsError));
      if (!draftNow.current.trim()) onDraft(m.body);
    }
    setWatched((ids) => ids.filter((id) => !settled.some((m) => m.id === id)));
  }, [messages, watched, onDraft]);
  const onSent = (m: ChatMessage) => {
    if (m.state === 'queued' || m.state === 'sending') setWatched((ids) => [...ids, m.id]);
  };

  const title = header ? conversationTitle(header) : conversation.phone ? displayPhone(conversation.phone) : '';
  const loadError = loadErrorOf(history);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: { xs: 1, sm: 2 }, py: 1, borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap' }}>
        {alone && (
          <IconButton component={Link} to="/chat" aria-label="Back to conversations" edge="start">
            <ArrowBackIcon />
          </IconButton>
        )}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component={alone ? 'h1' : 'h2'} noWrap>
            {header ? title : <Skeleton width={160} />}
          </Typography>
          {header && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
              {header.client ? (
                <>
                  {header.phone ? displayPhone(header.phone) : 'No phone number'}
                  {' · '}
                  <MuiLink component={Link} to={`/clients/${header.client.id}`}>
                    Client page
                  </MuiLink>
                </>
              ) : (
                'Not linked to a client'
              )}
            </Typography>
          )}
        </Box>
        {header?.optedOut && <Chip label="Replied STOP" color="warning" size="small" />}
        {header && !header.client && header.phone && <LinkNumber locationId={conversation.locationId} phone={header.phone} />}
      </Box>
      {loadError ? (
        <Box sx={{ p: 2 }}>
          <ListError {...loadError} what="the conversation" />
        </Box>
      ) : (
        <MessageHistory
          messages={messages}
          title={title}
          hasOlder={history.hasNextPage}
          loadingOlder={history.isFetchingNextPage}
          onLoadOlder={() => void history.fetchNextPage()}
        />
      )}
      {header && (
        <ChatComposer
          conversation={conversation}
          clientId={header.client?.id ?? null}
          problem={header.replyProblem}
          draft={draft}
          onDraft={onDraft}
          onSent={onSent}
        />
      )}
    </Box>
  );
}
