import { Alert, Box, Card, CardContent, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import type { SubscriptionTier } from '@willow/contracts';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { useErrorToast, useLoadingToast } from '../../lib/toasts';
import { formatLimit, useSubscriptionTiers, useSubscriptionUsage } from './subscriptions.api';

function UsageBar({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  const percent = limit === null ? 0 : Math.min(100, Math.round((used / Math.max(limit, 1)) * 100));
  const atLimit = limit !== null && used >= limit;
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="body2">{label}</Typography>
        <Typography variant="body2" sx={{ color: atLimit ? 'error.main' : 'text.secondary' }}>
          {used} of {formatLimit(limit)}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={limit === null ? 0 : percent}
        color={atLimit ? 'error' : 'primary'}
        aria-label={`${label}: ${used} of ${formatLimit(limit)}`}
      />
    </Box>
  );
}

function TierCard({ tier, current }: { tier: SubscriptionTier; current: boolean }) {
  return (
    <Card variant="outlined" sx={current ? { borderColor: 'primary.main', borderWidth: 2 } : undefined}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h3">
            {tier.name}
          </Typography>
          {current && <Chip size="small" color="primary" label="Current" />}
        </Box>
        <Typography variant="body2">Active users: {formatLimit(tier.maxUsers)}</Typography>
        <Typography variant="body2">Locations: {formatLimit(tier.maxLocations)}</Typography>
      </CardContent>
    </Card>
  );
}

export default function SubscriptionPage() {
  const usage = useSubscriptionUsage();
  const tiers = useSubscriptionTiers();
  useLoadingToast(usage.isLoading, 'Loading Subscription...');
  useErrorToast(usage.error, 'Error loading subscription');
  useErrorToast(tiers.error, 'Error loading subscription tiers');

  return (
    <>
      <PageHeader title="Subscriptions" />
      {!usage.data ? (
        usage.isLoading ? <PageLoader /> : null
      ) : (
        <Stack spacing={3}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="overline" sx={{ color: 'text.secondary' }}>
                Your plan
              </Typography>
              <Typography variant="h5" component="h2" gutterBottom>
                {usage.data.tier.name}
              </Typography>
              <Stack spacing={2} sx={{ maxWidth: 560 }}>
                <UsageBar label="Active users" used={usage.data.activeUsers} limit={usage.data.tier.maxUsers} />
                <UsageBar label="Locations" used={usage.data.locations} limit={usage.data.tier.maxLocations} />
              </Stack>
            </CardContent>
          </Card>
          <Alert severity="info">
            To change your subscription tier, please contact Willow support. Your administrator can request an
            upgrade or downgrade at any time.
          </Alert>
          {tiers.data && (
            <Box>
              <Typography variant="h6" component="h2" gutterBottom>
                All plans
              </Typography>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
                {tiers.data.map((tier) => (
                  <TierCard key={tier.key} tier={tier} current={tier.key === usage.data.tier.key} />
                ))}
              </Box>
            </Box>
          )}
        </Stack>
      )}
    </>
  );
}
