// The web project runs file after file in one worker without Vitest's isolation (decision 0234):
// the pre-bundled libraries (MUI, React, Testing Library…) are evaluated once per worker instead
// of once per file. What a file could leave behind for the next is reset here, before each file,
// so that every file still starts as it would in a fresh context:
// - the app's own modules (src/**) are evaluated afresh, so module state (the live-changes
//   connection, the http client's caches, a vi.mock's stand-in baked into a component) starts anew;
//   the libraries and the contracts (pure schemas) stay evaluated, which is the point;
// - the DOM (body, html's attributes, the title, scripts a test added), the storages, the URL;
// - the styles MUI inserted (emotion's cache, kept with the library): left in place, they grew to
//   some 2,000 style elements, and jsdom reads them all for every getComputedStyle, which the
//   role queries call for each element; a file starts with none, as in a fresh context;
// - Testing Library's mounted roots, the toaster's store, fake timers, stubbed globals and envs.
import { __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import type { EmotionCache } from '@emotion/cache';
import { cleanup, render } from '@testing-library/react';
import { createElement } from 'react';
import toast from 'react-hot-toast';
import { vi } from 'vitest';

interface ModuleNode {
  promise?: unknown;
  exports?: unknown;
  evaluated: boolean;
  importers: Set<string>;
}
interface WorkerState {
  evaluatedModules: { idToModuleMap: Map<string, ModuleNode> };
}

/** Kept across files: libraries (pre-bundled or not), Vitest itself and the stateless contracts. */
const KEPT = [/\/node_modules\//, /\/packages\/contracts\//, /^mock:/, /\/vitest\/dist\//, /@vitest\//];

let theCache: EmotionCache | undefined;
/** The default cache MUI's styles go through: only a component can ask for it. */
function emotionCache(): EmotionCache {
  if (!theCache) {
    const Grab = () => {
      theCache = useEmotionCache() as EmotionCache;
      return null;
    };
    render(createElement(Grab));
    cleanup();
  }
  return theCache!;
}

export function freshFile(): void {
  // What the last file's tests left mounted or pending.
  cleanup();
  toast.remove();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();

  const state = (globalThis as { __vitest_worker__?: WorkerState }).__vitest_worker__;
  state?.evaluatedModules.idToModuleMap.forEach((node, id) => {
    if (KEPT.some((re) => re.test(id))) return;
    // As Vitest's own isolation resets a module (vi.resetModules), for our modules only.
    node.promise = undefined;
    node.exports = undefined;
    node.evaluated = false;
    node.importers.clear();
  });

  const cache = emotionCache();
  cache.sheet.flush();
  for (const name of Object.keys(cache.inserted)) delete cache.inserted[name];

  document.body.replaceChildren();
  for (const element of [document.documentElement, document.body]) {
    for (const name of element.getAttributeNames()) if (name !== 'lang') element.removeAttribute(name);
  }
  for (const script of document.head.querySelectorAll('script')) script.remove();
  document.title = '';
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  // The help widget's globals (the provider's script and its settings); the app sets no others.
  delete (window as { Intercom?: unknown }).Intercom;
  delete (window as { intercomSettings?: unknown }).intercomSettings;
}
