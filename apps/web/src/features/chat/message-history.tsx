import { useLayoutEffect, useRef } from 'react';
import { Box, Button, Typography } from '@mui/material';
import type { ChatMessage } from '@willow/contracts';
import { bubbleTime, deliveryOf } from './chat-format';

interface MessageHistoryProps {
  /** oldest first: the newest at the bottom */
  messages: readonly ChatMessage[];
  /** who the texts are with, for the log's name */
  title: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}

/** Closer than this to the top, the older texts are asked for; closer than this to the bottom, new ones scroll into view. */
const EDGE_PX = 48;

/**
 * A conversation's texts, newest at the bottom, each sent one with what became of it (Queued,
 * Sent, Delivered, Failed and the provider's reason). Scrolled to the top (or with the button
 * there), the older texts load above without moving what is on screen; a new text scrolls into
 * view only while the reader is at the bottom, so reading back is never interrupted.
 */
export function MessageHistory({ messages, title, hasOlder, loadingOlder, onLoadOlder }: MessageHistoryProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const seen = useRef<{ newest: string | undefined; oldest: string | undefined; height: number; atBottom: boolean }>({
    newest: undefined,
    oldest: undefined,
    height: 0,
    atBottom: true,
  });
  const newest = messages.at(-1)?.id;
  const oldest = messages[0]?.id;

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = seen.current;
    if (before.newest === undefined || (newest !== before.newest && before.atBottom) || (newest !== before.newest && messages.at(-1)?.direction === 'outbound')) {
      // First sight, a new text while at the bottom, or one's own reply: show the newest.
      el.scrollTop = el.scrollHeight;
    } else if (oldest !== before.oldest && newest === before.newest) {
      // Older texts came in above: keep the ones on screen where they were.
      el.scrollTop += el.scrollHeight - before.height;
    }
    seen.current = { newest, oldest, height: el.scrollHeight, atBottom: el.scrollHeight - el.scrollTop - el.clientHeight < EDGE_PX };
  }, [newest, oldest, messages]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    seen.current.atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < EDGE_PX;
    seen.current.height = el.scrollHeight;
    if (el.scrollTop < EDGE_PX && hasOlder && !loadingOlder) onLoadOlder();
  };

  return (
    <Box ref={scroller} onScroll={onScroll} tabIndex={0} role="log" aria-label={`Texts with ${title}`} sx={{ flex: 1, minHeight: 0, overflowY: 'auto', px: { xs: 1, sm: 2 }, py: 1.5 }}>
      {hasOlder && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 1 }}>
          <Button size="small" onClick={onLoadOlder} loading={loadingOlder}>
            Load older messages
          </Button>
        </Box>
      )}
      {!hasOlder && messages.length > 0 && (
        <Typography variant="caption" component="p" sx={{ textAlign: 'center', color: 'text.secondary', mb: 1 }}>
          The beginning of the conversation
        </Typography>
      )}
      {messages.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center', mt: 4 }}>
          No texts yet
        </Typography>
      )}
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
        {messages.map((m) => (
          <Bubble key={m.id} message={m} />
        ))}
      </Box>
    </Box>
  );
}

function Bubble({ message: m }: { message: ChatMessage }) {
  const outbound = m.direction === 'outbound';
  const delivery = deliveryOf(m);
  const when = bubbleTime(m.at);
  return (
    <Box component="li" sx={{ display: 'flex', flexDirection: 'column', alignItems: outbound ? 'flex-end' : 'flex-start' }}>
      <Box
        sx={{
          maxWidth: { xs: '85%', sm: '70%' },
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: outbound ? (delivery?.failed ? 'error.main' : 'primary.main') : 'grey.100',
          color: outbound ? 'common.white' : 'text.primary',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        <Typography variant="body2" component="p" sx={{ m: 0 }}>
          <Box component="span" sx={visuallyHidden}>
            {outbound ? 'You: ' : 'They: '}
          </Box>
          {m.body}
        </Typography>
      </Box>
      <Typography variant="caption" component="p" sx={{ color: delivery?.failed ? 'error.main' : 'text.secondary', mt: 0.25, textAlign: outbound ? 'right' : 'left' }}>
        {[when, outbound && m.sentBy?.name, delivery?.label].filter(Boolean).join(' · ')}
        {delivery?.reason && ` — ${delivery.reason}`}
      </Typography>
    </Box>
  );
}

/** Read by screen readers only: who wrote a text, which the bubbles' side shows to the eye. */
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', margin: '-1px', padding: 0, border: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
