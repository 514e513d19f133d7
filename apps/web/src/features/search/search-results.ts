import type { SearchResult } from '@willow/contracts';

export interface SearchItem {
  kind: 'client' | 'patient';
  id: string;
  title: string;
  detail: string;
  deceasedOn: string | null;
  path: string;
}

/** One flat list (clients, then patients) so arrow keys move through both groups. */
export function searchItems(result: SearchResult | undefined): SearchItem[] {
  if (!result) return [];
  return [
    ...result.clients.map((c) => ({
      kind: 'client' as const,
      id: c.id,
      title: `${c.firstName} ${c.lastName}`,
      detail: [c.phone, c.email].filter(Boolean).join(' · '),
      deceasedOn: null,
      path: `/clients/${c.id}`,
    })),
    ...result.patients.map((p) => ({
      kind: 'patient' as const,
      id: p.id,
      title: p.name,
      detail: [p.speciesName, p.clientName, p.microchip && `chip ${p.microchip}`].filter(Boolean).join(' · '),
      deceasedOn: p.deceasedOn,
      path: `/patients/${p.id}`,
    })),
  ];
}

/** Arrow keys wrap around the ends of the list. */
export function moveActive(active: number, delta: number, count: number): number {
  if (count === 0) return 0;
  return (active + delta + count) % count;
}
