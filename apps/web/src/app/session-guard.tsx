import { useDeferredValue, useEffect } from 'react';
import type { ReactNode } from 'react';
import { Alert, Box, Button } from '@mui/material';
import { Navigate, Outlet } from 'react-router';
import toast from 'react-hot-toast';
import { hasAnyPermission } from '@willow/contracts';
import type { Permission } from '@willow/contracts';
import { PageLoader } from '../components/page-loader';
import { isApiError } from '../lib/http-client';
import { NotAuthorized } from './not-authorized';
import { usePermissionsQuery, useProfileQuery } from './session';

export const PERMISSIONS_ERROR = 'Error getting permissions';

/**
 * The session guard for every page that needs a session. The server already redirects page
 * loads without a valid cookie; this covers sessions that end while the app is open, and holds
 * every page back until permissions are known so no page flashes before a 401.
 */
export function SessionGuard() {
  const permissions = usePermissionsQuery();
  // Loaded alongside permissions: the navigation needs it right away.
  useProfileQuery();

  const error = permissions.error;
  useEffect(() => {
    if (!error || (isApiError(error) && error.handled)) return;
    toast.error(error.message || PERMISSIONS_ERROR, { id: 'permissions-error' });
  }, [error]);

  // Revealing the app (the navigation and the page) is the largest render of a start-up; deferred, React
  // does it in a background render split into short tasks instead of one long one. The loader stays
  // until it is done; nothing is shown without the permissions.
  const revealed = useDeferredValue(permissions.data !== undefined);
  if (permissions.data && revealed) return <Outlet />;
  if (error) {
    if (isApiError(error) && error.status === 403) return <Navigate to="/403" replace />;
    // The http client is already taking the user to sign in.
    if (isApiError(error) && error.handled) return <PageLoader fullScreen />;
    return (
      <Box sx={{ p: 3, maxWidth: 520, mx: 'auto', mt: 8 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void permissions.refetch()}>
              Retry
            </Button>
          }
        >
          {error.message || PERMISSIONS_ERROR}
        </Alert>
      </Box>
    );
  }
  return <PageLoader fullScreen />;
}

/** Renders the 401 page in place when the user holds none of the page's permissions. */
export function RequirePermissions({
  permissions,
  children,
}: {
  permissions: readonly Permission[] | undefined;
  children: ReactNode;
}) {
  const held = usePermissionsQuery().data?.permissions ?? [];
  if (permissions && permissions.length > 0 && !hasAnyPermission(held, permissions)) return <NotAuthorized />;
  return children;
}
