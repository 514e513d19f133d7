import { hasAnyPermission, TIER_ORDER } from '@willow/contracts';
import { MENU_SECTIONS } from './feature-registry';
import type { MenuContext, MenuEntry, MenuSection } from './feature-registry';

export interface MenuGroup {
  /** undefined for entries directly under the section */
  title: string | undefined;
  entries: MenuEntry[];
}

export interface VisibleSection {
  section: MenuSection;
  groups: MenuGroup[];
}

export function isEntryVisible(entry: MenuEntry, context: MenuContext): boolean {
  if (entry.permissions && entry.permissions.length > 0 && !hasAnyPermission(context.permissions, entry.permissions))
    return false;
  return entry.isVisible ? entry.isVisible(context) : true;
}

/**
 * An entry with permissions shows if the user has one of them; a section (or sub-group)
 * shows only if at least one of its entries does.
 */
export function visibleMenu(entries: readonly MenuEntry[], context: MenuContext): VisibleSection[] {
  const result: VisibleSection[] = [];
  for (const section of MENU_SECTIONS) {
    const visible = entries
      .filter((e) => e.section === section && isEntryVisible(e, context))
      .sort((a, b) => a.order - b.order);
    if (visible.length === 0) continue;
    const groups: MenuGroup[] = [];
    for (const entry of visible) {
      const last = groups.at(-1);
      if (last && last.title === entry.group) last.entries.push(entry);
      else groups.push({ title: entry.group, entries: [entry] });
    }
    result.push({ section, groups });
  }
  return result;
}

/** Where '/' leads while no feature owns it: the first page the user can see (never Logout, never an action). */
export function firstMenuPath(sections: readonly VisibleSection[]): string | undefined {
  for (const section of sections)
    for (const group of section.groups)
      for (const entry of group.entries) if (entry.path && entry.path !== '/logout' && entry.path !== '/') return entry.path;
  return undefined;
}

/** The account switcher's order: tiers premium, basic, free, then any others alphabetically; by name within a tier. */
export function sortAccountsForSwitcher<T extends { name: string; subscriptionTier: string }>(
  accounts: readonly T[],
): T[] {
  const rank = (tier: string) => {
    const index = (TIER_ORDER as readonly string[]).indexOf(tier);
    return index === -1 ? TIER_ORDER.length : index;
  };
  return [...accounts].sort(
    (a, b) =>
      rank(a.subscriptionTier) - rank(b.subscriptionTier) ||
      a.subscriptionTier.localeCompare(b.subscriptionTier) ||
      a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }),
  );
}
