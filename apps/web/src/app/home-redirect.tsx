import { Navigate } from 'react-router';
import { firstMenuPath, visibleMenu } from './menu';
import { useRegistry } from './registry-context';
import { useMenuContext } from './menu-context';

/** Until a feature owns '/', home is the first page the menu offers this user. */
export default function HomeRedirect() {
  const registry = useRegistry();
  const target = firstMenuPath(visibleMenu(registry.menu, useMenuContext())) ?? '/profile';
  return <Navigate to={target} replace />;
}
