import { APPOINTMENT_STATUSES, DEFAULT_SELECTED_STATUSES } from '@willow/contracts';
import type { Appointment, AppointmentStatus, ScheduleNote, ScheduleSlot, SidebarProvider } from '@willow/contracts';

/** What the filters panel selects; an empty provider or service list means all of them. */
export interface CalendarFilters {
  providers: readonly string[];
  services: readonly string[];
  statuses: readonly AppointmentStatus[];
}

const isStatus = (s: string): s is AppointmentStatus => (APPOINTMENT_STATUSES as readonly string[]).includes(s);

/** The saved statuses, or the default set (regular and cremation) when none are saved. */
export function effectiveStatuses(saved: readonly string[]): AppointmentStatus[] {
  const valid = saved.filter(isStatus);
  return valid.length ? valid : [...DEFAULT_SELECTED_STATUSES];
}

const intersects = (a: readonly string[], b: readonly string[]) => a.some((x) => b.includes(x));

export function appointmentVisible(a: Appointment, f: CalendarFilters): boolean {
  if (!f.statuses.includes(a.status)) return false;
  // Nobody's yet (an online request, a drag in the week view) is everybody's to see: hidden, it would wait unseen.
  const unassigned = a.primaryProviderId === null && a.secondaryProviderId === null;
  if (f.providers.length && !unassigned) {
    const mine =
      (a.primaryProviderId !== null && f.providers.includes(a.primaryProviderId)) ||
      (a.secondaryProviderId !== null && f.providers.includes(a.secondaryProviderId));
    if (!mine) return false;
  }
  if (f.services.length && !intersects(a.serviceIds, f.services)) return false;
  return true;
}

/** A slot with no services is open to any service; one with no providers marked is open to all of them. */
export function slotVisible(s: ScheduleSlot, f: CalendarFilters): boolean {
  if (f.services.length && s.serviceIds.length && !intersects(s.serviceIds, f.services)) return false;
  if (f.providers.length && s.veterinarianIds.length && !intersects(s.veterinarianIds, f.providers)) return false;
  return true;
}

/** Notes about the whole location always show; a provider's note shows with that provider. */
export function noteVisible(n: ScheduleNote, f: CalendarFilters): boolean {
  return n.providerId === null || !f.providers.length || f.providers.includes(n.providerId);
}

/**
 * A primary provider starts with themself as the provider filter, once per start of the
 * app, when no providers are saved and they work at this location (else the calendar would be empty).
 * Someone who runs the practice (users.manage, as the Administrator role has) starts with everyone
 * even when they also see patients: their first look is at the whole practice (docs/decisions/0032).
 */
export function preselectedProviders(input: {
  permissions: readonly string[];
  profileId: string | undefined;
  selectedProviders: readonly string[];
  providers: readonly SidebarProvider[];
}): string[] | null {
  if (!input.profileId || input.selectedProviders.length) return null;
  if (!input.permissions.includes('appointments.primary_provider')) return null;
  if (input.permissions.includes('users.manage') || input.permissions.includes('system.admin')) return null;
  if (!input.providers.some((p) => p.id === input.profileId)) return null;
  return [input.profileId];
}

/** A column of the providers view. */
export interface ProviderColumn {
  /** a provider's id, or UNASSIGNED / OTHER */
  id: string;
  label: string;
}
export const UNASSIGNED = 'unassigned';
export const OTHER = 'other';

export const providerName = (p: Pick<SidebarProvider, 'firstName' | 'lastName'>) => `${p.firstName} ${p.lastName}`.trim();

/** The column an appointment shows in: its primary provider's, else its secondary's, else Unassigned or Other. */
export function providerColumnOf(a: Pick<Appointment, 'primaryProviderId' | 'secondaryProviderId'>, shown: ReadonlySet<string>): string {
  if (a.primaryProviderId !== null && shown.has(a.primaryProviderId)) return a.primaryProviderId;
  if (a.secondaryProviderId !== null && shown.has(a.secondaryProviderId)) return a.secondaryProviderId;
  return a.primaryProviderId === null ? UNASSIGNED : OTHER;
}

/**
 * Columns of the providers view: the selected providers (all when none are selected) in the
 * sidebar's order, then Unassigned and Other when the day has appointments that belong there.
 */
export function providerColumns(
  providers: readonly SidebarProvider[],
  selected: readonly string[],
  appointments: readonly Pick<Appointment, 'primaryProviderId' | 'secondaryProviderId'>[],
): ProviderColumn[] {
  const chosen = selected.length ? providers.filter((p) => selected.includes(p.id)) : providers;
  const columns: ProviderColumn[] = chosen.map((p) => ({ id: p.id, label: providerName(p) }));
  const shown = new Set(columns.map((c) => c.id));
  const extra = new Set(appointments.map((a) => providerColumnOf(a, shown)).filter((k) => !shown.has(k)));
  if (extra.has(UNASSIGNED)) columns.push({ id: UNASSIGNED, label: 'Unassigned' });
  if (extra.has(OTHER)) columns.push({ id: OTHER, label: 'Other providers' });
  return columns;
}

/**
 * A checked box means "shown". Nothing saved means everything is shown, so the first box unticked
 * saves all the others; ticking the last one again goes back to nothing saved (all, including
 * providers or services added later). Unticking the only ticked box shows all the others: it stays
 * unticked as asked, and an empty calendar by filter is never what anyone wants. A list of one
 * keeps its box.
 */
export function toggleSelection(all: readonly string[], selected: readonly string[], id: string, on: boolean): string[] {
  const current = selected.length ? selected.filter((x) => all.includes(x)) : [...all];
  let next = on ? [...new Set([...current, id])] : current.filter((x) => x !== id);
  if (next.length === 0) next = all.filter((x) => x !== id);
  if (next.length === 0) next = current;
  return all.every((x) => next.includes(x)) ? [] : all.filter((x) => next.includes(x));
}

type Roles = Pick<SidebarProvider, 'id' | 'isPrimaryProvider' | 'isSecondaryProvider'>;
type Assigned = Pick<Appointment, 'primaryProviderId' | 'secondaryProviderId'>;

/**
 * The provider change a drop into another column of the providers view asks for. `from` is the
 * column the appointment was drawn in (its primary's, or its secondary's when only that one is
 * shown); `to` is a provider's id or null for Unassigned. A provider who can only assist becomes
 * the secondary; the secondary dropped on as primary swaps places with the primary. Null means
 * no provider change (nothing fits, e.g. an assistant's column for an appointment without a vet).
 */
export function providersForColumn(
  appointment: Assigned,
  from: string | null,
  to: string | null,
  providers: readonly Roles[],
): Partial<Assigned> | null {
  const { primaryProviderId: primary, secondaryProviderId: secondary } = appointment;
  if (to === null) return primary === null ? null : { primaryProviderId: null };
  if (to === from || to === primary) return null;
  const target = providers.find((p) => p.id === to);
  if (!target) return null;
  // Drawn in the secondary's column (its primary is not shown): the drop changes who assists.
  if (from !== null && from === secondary) {
    if (target.isSecondaryProvider) return { secondaryProviderId: to };
    return target.isPrimaryProvider ? { primaryProviderId: to } : null;
  }
  if (to === secondary) {
    if (!target.isPrimaryProvider) return null;
    const primaryCanAssist = primary === null || providers.some((p) => p.id === primary && p.isSecondaryProvider);
    return { primaryProviderId: to, secondaryProviderId: primaryCanAssist ? primary : null };
  }
  if (target.isPrimaryProvider) return { primaryProviderId: to };
  return target.isSecondaryProvider ? { secondaryProviderId: to } : null;
}

/** Who a new appointment made in a provider's column starts with (undefined: not the providers view). */
export function providersForNew(providerId: string | null | undefined, providers: readonly Roles[]): Partial<Assigned> {
  if (providerId === undefined) return {};
  if (providerId === null) return { primaryProviderId: null };
  const p = providers.find((x) => x.id === providerId);
  if (p && !p.isPrimaryProvider && p.isSecondaryProvider) return { secondaryProviderId: providerId };
  return { primaryProviderId: providerId };
}
