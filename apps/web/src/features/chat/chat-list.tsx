import { Box, Chip, List, ListItem, ListItemButton, Typography } from '@mui/material';
import { Link } from 'react-router';
import type { ChatListItem } from '@willow/contracts';
import { displayPhone, listTime } from './chat-format';
import { conversationPath } from './chat.api';

interface ChatListProps {
  items: readonly ChatListItem[];
  /** the open conversation's key, marked as current */
  selected: string | null;
  /** under 'All Locations': each conversation names its location */
  locationName?: ((locationId: string) => string | undefined) | undefined;
}

/** Who a conversation is with: the client's name, or the unknown number. */
export const conversationTitle = (c: { client: { name: string } | null; phone: string | null }) => c.client?.name ?? (c.phone ? displayPhone(c.phone) : 'Unknown number');

/**
 * The conversations, newest first: who, the last text (yours marked "You:"), when, how many are
 * unread and whether the number replied STOP. Each is a link, so it opens with the keyboard,
 * in a new tab, and the browser's back button returns to the list on a phone.
 */
export function ChatList({ items, selected, locationName }: ChatListProps) {
  return (
    <List aria-label="Conversations" disablePadding>
      {items.map((c) => {
        const unread = c.count > 0;
        const where = locationName?.(c.locationId);
        return (
          <ListItem key={c.id} disablePadding divider>
          <ListItemButton
            component={Link}
            to={conversationPath(c.id)}
            selected={selected === c.id}
            aria-current={selected === c.id ? 'page' : undefined}
            sx={{ alignItems: 'flex-start', gap: 1, py: 1.25 }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography component="span" variant="body1" noWrap sx={{ fontWeight: unread ? 700 : 500, flex: 1, minWidth: 0 }}>
                  {conversationTitle(c)}
                </Typography>
                <Typography component="span" variant="caption" sx={{ color: 'text.secondary', flexShrink: 0 }}>
                  {listTime(c.lastMessage.at)}
                </Typography>
              </Box>
              {!c.client && (
                <Typography component="span" variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                  Not linked to a client
                </Typography>
              )}
              {where && (
                <Typography component="span" variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                  {where}
                </Typography>
              )}
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.25 }}>
                <Typography
                  component="span"
                  variant="body2"
                  noWrap
                  sx={{ color: unread ? 'text.primary' : 'text.secondary', fontWeight: unread ? 600 : 400, flex: 1, minWidth: 0 }}
                >
                  {c.lastMessage.direction === 'outbound' ? `You: ${c.lastMessage.body}` : c.lastMessage.body}
                </Typography>
                {c.optedOut && <Chip label="STOP" size="small" color="warning" variant="outlined" title="Replied STOP: cannot be texted" />}
                {unread && <Chip label={c.count} size="small" color="error" aria-label={`${c.count} unread`} />}
              </Box>
            </Box>
          </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
