import { buildRegistry } from './feature-registry';
import { useLiveChanges } from './live-changes';
import { features } from './features';
import { RegistryContext } from './registry-context';
import { SignedInRoutes } from './router';

// Gathered once, when the first page behind the session is opened (docs/decisions/0150).
const registry = buildRegistry(features);

/** Everything behind the session check: the features' registry and the routes built from it. */
export default function SignedInApp() {
  // Every screen behind the session hears the account's changes (decision 0189).
  useLiveChanges();
  return (
    <RegistryContext value={registry}>
      <SignedInRoutes />
    </RegistryContext>
  );
}
