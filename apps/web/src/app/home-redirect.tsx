import { Navigate } from 'react-router';
import { firstMenuPath, visibleMenu } from './menu';
import { useRegistry } from './registry-context';
import { usePermissions } from './session';

/** Until a feature owns '/', home is the first page the menu offers this user. */
export default function HomeRedirect() {
  const registry = useRegistry();
  const permissions = usePermissions();
  const target = firstMenuPath(visibleMenu(registry.menu, { permissions })) ?? '/profile';
  return <Navigate to={target} replace />;
}
