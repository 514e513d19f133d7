import { Box, Button, Chip, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import UndoIcon from '@mui/icons-material/Undo';
import { useState } from 'react';
import { ListError, loadErrorOf } from '../../components/list-error';
import { formatDateTime } from '../../lib/dates';
import { useContactMerges } from './contacts.api';
import { useUndoMergeAction } from './merge-toast';

/** The latest merges with their undo: a mistaken merge can be taken back after the toast has gone. */
export function RecentMerges() {
  const merges = useContactMerges();
  const undo = useUndoMergeAction();
  const [undoing, setUndoing] = useState<string | null>(null);
  const list = merges.data ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="recent-merges-title">
      <Typography id="recent-merges-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Recent merges
      </Typography>
      {merges.error && list.length === 0 ? (
        <Box sx={{ mt: 1 }}>
          <ListError {...loadErrorOf(merges)!} what="recent merges" />
        </Box>
      ) : list.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {merges.isLoading ? 'Loading…' : 'No merges yet.'}
        </Typography>
      ) : (
        <List dense disablePadding>
          {list.map((m) => (
            <ListItem
              key={m.id}
              disableGutters
              divider
              secondaryAction={
                m.undoneAt ? (
                  <Chip size="small" label="Undone" />
                ) : (
                  <Button
                    size="small"
                    startIcon={<UndoIcon />}
                    loading={undoing === m.id}
                    onClick={() => {
                      setUndoing(m.id);
                      void undo(m.id).finally(() => setUndoing(null));
                    }}
                    aria-label={`Undo merge of ${m.mergedNames.join(', ')}`}
                  >
                    Undo
                  </Button>
                )
              }
              sx={{ pr: 12 }}
            >
              <ListItemText
                primary={
                  <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                    Merged {m.mergedNames.join(', ')}
                  </Box>
                }
                secondary={`${formatDateTime(m.createdAt)} · ${m.movedReferences} linked record${m.movedReferences === 1 ? '' : 's'} moved`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
