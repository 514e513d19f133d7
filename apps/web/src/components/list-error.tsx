import { Alert, Button } from '@mui/material';
import { MESSAGES } from '@willow/contracts';

/** What a list shows when it could not be loaded, in place of its empty text. */
export interface ListLoadError {
  error: unknown;
  /** asks the server again */
  onRetry: () => void;
  /** a retry is under way */
  retrying?: boolean;
}

/**
 * A list that failed to load says so and offers to try again; "No clients yet" would tell staff
 * something untrue about their data.
 */
export function ListError({ error, onRetry, retrying = false, what = 'this list' }: ListLoadError & { what?: string }) {
  const detail = error instanceof Error && error.message ? error.message : MESSAGES.serverError;
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        <Button color="inherit" size="small" onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      }
    >
      {`Could not load ${what}. ${detail}`}
    </Alert>
  );
}

/** The load error of a TanStack query, with its refetch as the retry; null while it is fine. */
export function loadErrorOf(query: { error: unknown; refetch: () => unknown; isFetching?: boolean }): ListLoadError | null {
  return query.error ? { error: query.error, onRetry: () => void query.refetch(), retrying: query.isFetching ?? false } : null;
}
