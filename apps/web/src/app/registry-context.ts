import { createContext, useContext } from 'react';
import type { Registry } from './feature-registry';

export const RegistryContext = createContext<Registry | null>(null);

export function useRegistry(): Registry {
  const registry = useContext(RegistryContext);
  if (!registry) throw new Error('useRegistry must be used inside <RegistryContext>');
  return registry;
}
