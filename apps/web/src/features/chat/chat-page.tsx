import { useCallback, useMemo, useState } from 'react';
import { Box, Button, Paper, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useParams } from 'react-router';
import { CHAT_MESSAGES } from '@willow/contracts';
import { ListError, loadErrorOf } from '../../components/list-error';
import { PageHeader } from '../../components/page-header';
import { SearchField } from '../../components/search-field';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSettings } from '../../lib/settings';
import { useErrorToast } from '../../lib/toasts';
import { useLocations } from '../locations/locations.api';
import { ChatList } from './chat-list';
import { refOf, useChatList } from './chat.api';
import { Conversation } from './conversation';

/**
 * Communications › SMS: the location's conversations beside the open one on large screens; on a
 * phone the list, then the conversation alone with a back button. The conversation is in the
 * address (`/chat/<location>:client:<id>`, `/chat/<location>:phone:<number>`), so the browser's back button and a shared
 * link work. What is typed is kept per conversation while the page is open (decision 0206).
 */
export default function ChatPage() {
  const params = useParams();
  const conversation = useMemo(() => (params.conversation ? refOf(params.conversation) : null), [params.conversation]);
  const key = conversation ? params.conversation! : null;
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const { locationId } = useSettings();
  const locations = useLocations(true);
  const [settledSearch, setSettledSearch] = useState('');
  const list = useChatList(locationId, settledSearch);
  useErrorToast(list.error, CHAT_MESSAGES.listError);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const draftKey = key ?? '';
  const onDraft = useCallback((text: string) => setDrafts((d) => ({ ...d, [draftKey]: text })), [draftKey]);
  const locationName = useCallback((id: string) => locations.data?.find((l) => l.id === id)?.name, [locations.data]);
  const here = locationId ? locationName(locationId) : 'All Locations';

  const showList = wide || !conversation;
  const showConversation = wide || conversation !== null;
  const items = list.data ?? [];
  const loadError = loadErrorOf(list);
  useDocumentTitle('SMS');

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      {showList && <PageHeader title="SMS" subtitle={here} />}
      <Paper variant="outlined" sx={{ flex: 1, minHeight: 0, display: 'flex', overflow: 'hidden' }}>
        {showList && (
          <Box
            component="section"
            aria-label="Conversations"
            sx={{ width: wide ? 360 : '100%', flexShrink: 0, display: 'flex', flexDirection: 'column', minHeight: 0, borderRight: wide ? 1 : 0, borderColor: 'divider' }}
          >
            <Box sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
              <SearchField labelled label="Search name or number" size="small" type="search" onSettled={setSettledSearch} />
            </Box>
            <Box
              sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
              onScroll={(e) => {
                // Near the end of the list, the next conversations come by themselves.
                const el = e.currentTarget;
                if (el.scrollHeight - el.scrollTop - el.clientHeight < 120 && list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
              }}
            >
              {loadError ? (
                <Box sx={{ p: 1.5 }}>
                  <ListError {...loadError} what="the conversations" />
                </Box>
              ) : list.isSuccess && items.length === 0 ? (
                <Typography variant="body2" sx={{ p: 2, color: 'text.secondary' }}>
                  {settledSearch ? 'No conversations match' : 'No texts yet'}
                </Typography>
              ) : (
                <>
                  <ChatList items={items} selected={key} locationName={locationId ? undefined : locationName} />
                  {list.hasNextPage && (
                    <Box sx={{ display: 'flex', justifyContent: 'center', p: 1 }}>
                      <Button size="small" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
                        Load more conversations
                      </Button>
                    </Box>
                  )}
                </>
              )}
            </Box>
          </Box>
        )}
        {showConversation && (
          <Box component="section" aria-label="Conversation" sx={{ flex: 1, minWidth: 0, minHeight: 0 }}>
            {conversation ? (
              <Conversation key={draftKey} conversation={conversation} alone={!wide} draft={drafts[draftKey] ?? ''} onDraft={onDraft} />
            ) : (
              <Box sx={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
                <Typography sx={{ color: 'text.secondary' }}>Choose a conversation</Typography>
              </Box>
            )}
          </Box>
        )}
      </Paper>
    </Box>
  );
}
