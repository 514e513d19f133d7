import type { ComponentType } from 'react';
import type { SvgIconComponent } from '@mui/icons-material';
import type { ClientConfig, LocationIntegration, Permission } from '@willow/contracts';

/** Sections of the side navigation, in the order they are shown. */
export const MENU_SECTIONS = [
  'Schedule',
  'Communications',
  'Automations',
  'Patients',
  'Business',
  'Inventory',
  'Settings',
  'Personal',
  'Help',
  'Super Admin',
] as const;
export type MenuSection = (typeof MENU_SECTIONS)[number];

export interface FeatureRoute {
  /** react-router path, e.g. '/users' or '/clients/:id' */
  path: string;
  /** a React.lazy component, so each page lands in its own chunk */
  element: ComponentType;
  /** the user needs at least one (system.admin grants all); otherwise the 401 page shows in place */
  permissions?: readonly Permission[];
  /** reachable without a session (e.g. sign-in) */
  public?: boolean;
  /** 'shell' (default): inside the navigation; 'bare': the page alone, e.g. sign-in or print views */
  layout?: 'shell' | 'bare';
  /** the page manages its own scrolling (calendars, chat): content fills the viewport height */
  fixedHeight?: boolean;
}

/** What menu visibility rules may look at: the user's permissions and the account's data. */
export interface MenuContext {
  permissions: readonly string[];
  /** the integrations set up at the account's active locations (empty until they have loaded) */
  integrations: readonly LocationIntegration[];
  /** what the server says the web app may load beside itself (help widget, documentation link); undefined until known */
  clientConfig?: ClientConfig | undefined;
}

interface MenuEntryBase {
  section: MenuSection;
  /** an optional sub-group inside the section, e.g. 'Analytics' under Business */
  group?: string;
  label: string;
  icon: SvgIconComponent;
  /** shown if the user holds at least one; none = everyone */
  permissions?: readonly Permission[];
  /** extra rule (e.g. an integration enabled on the account) */
  isVisible?: (context: MenuContext) => boolean;
  /** position within the section, ascending */
  order: number;
}

/**
 * An entry either leads to a page (`path`) or performs an action in place (`onSelect`, e.g.
 * Help › Help Center opening the help widget), never both.
 */
export type MenuEntry = MenuEntryBase &
  ({ path: string; onSelect?: undefined } | { path?: undefined; onSelect: (context: MenuContext) => void });

/** A hook returning the count a navigation badge shows (undefined: nothing to show). */
export type CountHook = () => number | undefined;

/**
 * A navigation badge for the entry with this path. Its hook is loaded with the navigation, not with
 * the first page: counts need API calls and contracts that the sign-in page never uses.
 */
export interface MenuBadge {
  path: string;
  loadCount: () => Promise<CountHook>;
}

/** A tab a feature contributes to the client page (e.g. Patients, Invoices), sorted by order. */
export interface ClientPageTab {
  id: string;
  label: string;
  order: number;
  permissions?: readonly Permission[];
  element: ComponentType<{ clientId: string }>;
}

/**
 * A line of facts a feature adds under the client's details, above the tabs (e.g. the balance
 * owed), sorted by order; it shows whatever tab is open.
 */
export interface ClientPageSummary {
  id: string;
  order: number;
  permissions?: readonly Permission[];
  element: ComponentType<{ clientId: string }>;
}

/** A section a feature contributes to the patient page (e.g. Vaccinations, History), sorted by order. */
export interface PatientPageTab {
  id: string;
  label: string;
  order: number;
  permissions?: readonly Permission[];
  element: ComponentType<{ patientId: string; clientId: string }>;
}

/**
 * A card a feature adds to Settings › Account below the account's details (e.g. Export all data),
 * sorted by order: the account page never imports the features that extend it.
 */
export interface AccountPageSection {
  id: string;
  order: number;
  permissions?: readonly Permission[];
  element: ComponentType;
}

/**
 * Something a feature adds to the shell itself rather than to one page, e.g. global search:
 * `element` is mounted once inside the shell (for app-wide shortcuts and their dialogs), and
 * `action` is a compact control (an icon button) shown in the navigation header and in the
 * mobile top bar. Both are optional; extensions appear in the order features are listed.
 */
export interface ShellExtension {
  id: string;
  element?: ComponentType;
  /** a button in the navigation header; lazy, like `element`, so the sign-in page never loads it */
  action?: ComponentType;
}

export interface FeatureModule {
  id: string;
  routes: FeatureRoute[];
  menu?: MenuEntry[];
  badges?: MenuBadge[];
  clientTabs?: ClientPageTab[];
  clientSummaries?: ClientPageSummary[];
  patientTabs?: PatientPageTab[];
  accountSections?: AccountPageSection[];
  shellExtensions?: ShellExtension[];
}

/** Everything the registered features contribute, gathered once at start-up. */
export interface Registry {
  routes: FeatureRoute[];
  menu: MenuEntry[];
  badges: Map<string, MenuBadge['loadCount']>;
  clientTabs: ClientPageTab[];
  clientSummaries: ClientPageSummary[];
  patientTabs: PatientPageTab[];
  accountSections: AccountPageSection[];
  shellExtensions: ShellExtension[];
}

export function buildRegistry(features: readonly FeatureModule[]): Registry {
  const routes: FeatureRoute[] = [];
  const menu: MenuEntry[] = [];
  const badges = new Map<string, MenuBadge['loadCount']>();
  const clientTabs: ClientPageTab[] = [];
  const clientSummaries: ClientPageSummary[] = [];
  const patientTabs: PatientPageTab[] = [];
  const accountSections: AccountPageSection[] = [];
  const shellExtensions: ShellExtension[] = [];
  const seenPaths = new Set<string>();
  for (const feature of features) {
    for (const route of feature.routes) {
      // Two features claiming one path would silently shadow each other in the router.
      if (seenPaths.has(route.path)) throw new Error(`Route ${route.path} registered twice (${feature.id})`);
      seenPaths.add(route.path);
      routes.push(route);
    }
    menu.push(...(feature.menu ?? []));
    for (const badge of feature.badges ?? []) badges.set(badge.path, badge.loadCount);
    clientTabs.push(...(feature.clientTabs ?? []));
    clientSummaries.push(...(feature.clientSummaries ?? []));
    patientTabs.push(...(feature.patientTabs ?? []));
    accountSections.push(...(feature.accountSections ?? []));
    shellExtensions.push(...(feature.shellExtensions ?? []));
  }
  clientTabs.sort((a, b) => a.order - b.order);
  clientSummaries.sort((a, b) => a.order - b.order);
  patientTabs.sort((a, b) => a.order - b.order);
  accountSections.sort((a, b) => a.order - b.order);
  return { routes, menu, badges, clientTabs, clientSummaries, patientTabs, accountSections, shellExtensions };
}
