import { Box, Button, Card, CardActions, CardContent, Chip, Typography } from '@mui/material';
import { PERMISSION_LABELS } from '@willow/contracts';
import type { Role } from '@willow/contracts';

interface RoleCardProps {
  role: Role;
  memberNames: string[];
  canManage: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

export function RoleCard({ role, memberNames, canManage, onEdit, onDelete }: RoleCardProps) {
  return (
    <Card variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }} aria-label={role.name}>
      <CardContent sx={{ flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            {role.name}
          </Typography>
          <Chip size="small" label={role.predefined ? 'Predefined' : 'Custom'} variant="outlined" />
        </Box>
        <Typography variant="subtitle2">Permissions</Typography>
        {role.permissions.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
            None
          </Typography>
        ) : (
          <Box component="ul" sx={{ mt: 0.5, mb: 1, pl: 2.5 }}>
            {role.permissions.map((p) => (
              <Typography component="li" variant="body2" key={p}>
                {PERMISSION_LABELS[p]}
              </Typography>
            ))}
          </Box>
        )}
        <Typography variant="subtitle2">Members ({role.userIds.length})</Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
          {memberNames.map((name, i) => (
            <Chip key={`${name}-${i}`} size="small" label={name} />
          ))}
        </Box>
      </CardContent>
      {canManage && (
        <CardActions>
          <Button size="small" onClick={onEdit}>
            Edit
          </Button>
          {!role.predefined && (
            <Button size="small" color="error" onClick={onDelete}>
              Delete
            </Button>
          )}
        </CardActions>
      )}
    </Card>
  );
}
