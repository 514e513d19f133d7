import type { CalendarEvent } from './calendar-model';

// Material paths drawn as a mask of one element each, not MUI icon components nor inline SVGs: a
// week may draw a thousand blocks, and each element in one is more to create, style and lay out
// (an inline SVG with its title and path is three).
const HOME = 'M10 20v-6h4v6h5v-8h3L12 3 2 12h3v8z';
const FLOWER =
  'M12 22c4.97 0 9-4.03 9-9-4.97 0-9 4.03-9 9M5.6 10.25c0 1.38 1.12 2.5 2.5 2.5.53 0 1.01-.16 1.42-.44l-.02.19c0 1.38 1.12 2.5 2.5 2.5s2.5-1.12 2.5-2.5l-.02-.19c.4.28.89.44 1.42.44 1.38 0 2.5-1.12 2.5-2.5 0-1-.59-1.85-1.43-2.25.84-.4 1.43-1.25 1.43-2.25 0-1.38-1.12-2.5-2.5-2.5-.53 0-1.01.16-1.42.44l.02-.19C14.5 2.12 13.38 1 12 1S9.5 2.12 9.5 3.5l.02.19c-.4-.28-.89-.44-1.42-.44-1.38 0-2.5 1.12-2.5 2.5 0 1 .59 1.85 1.43 2.25-.84.4-1.43 1.25-1.43 2.25M12 5.5c1.38 0 2.5 1.12 2.5 2.5s-1.12 2.5-2.5 2.5S9.5 9.38 9.5 8s1.12-2.5 2.5-2.5M3 13c0 4.97 4.03 9 9 9 0-4.97-4.03-9-9-9';
const WARNING = 'M1 21h22L12 2zm12-3h-2v-2h2zm0-4h-2v-4h2z';
export const EDIT_PATH =
  'M3 17.25V21h3.75L17.81 9.94l-3.75-3.75zM20.71 7.04c.39-.39.39-1.02 0-1.41l-2.34-2.34a.996.996 0 0 0-1.41 0l-1.83 1.83 3.75 3.75z';

const maskOf = (d: string) => `url("data:image/svg+xml,${encodeURIComponent(`<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'><path d='${d}'/></svg>`)}")`;

/**
 * The icons' look, for every place that shows them (the calendar's rules and the appointment
 * card's): the shape is the mask, the colour the text's (currentColor), as the SVGs' fill was.
 */
export const iconRules = {
  '& .wc-icon': {
    display: 'inline-block',
    flexShrink: 0,
    backgroundColor: 'currentColor',
    maskRepeat: 'no-repeat',
    maskPosition: 'center',
    maskSize: 'contain',
  },
  '& .wc-icon-alert': { maskImage: maskOf(WARNING) },
  '& .wc-icon-home': { maskImage: maskOf(HOME) },
  '& .wc-icon-eol': { maskImage: maskOf(FLOWER) },
} as const;

function Glyph({ label, className }: { label: string; className: string }) {
  // The title is the tooltip the SVG's <title> gave; the name is the label, as before.
  return <span className={`wc-icon ${className}`} role="img" aria-label={label} title={label} />;
}

export const alertLabel = (alerts: readonly string[]) => `Alert: ${alerts.join(', ')}`;

/** Who the visit is for: the patients first (what a short block has room for, in bold), then the client (plain text: one element less a block). */
export function EventNames({ event }: { event: Pick<CalendarEvent, 'patients' | 'client'> }) {
  return (
    <>
      {event.patients && <span className="wc-ev-patient">{event.patients}</span>}
      {event.patients && ' · '}
      {event.client}
    </>
  );
}

type IconFacts = Pick<CalendarEvent, 'alerts' | 'homeVisit' | 'endOfLife'>;

/** A visit's icons in the order drawn, each with its name: a patient alert, a home visit, an end-of-life visit. */
function iconsOf(event: IconFacts): { label: string; className: string }[] {
  const icons: { label: string; className: string }[] = [];
  if (event.alerts.length > 0) icons.push({ label: alertLabel(event.alerts), className: 'wc-icon-alert' });
  if (event.homeVisit) icons.push({ label: 'Home visit', className: 'wc-icon-home' });
  if (event.endOfLife) icons.push({ label: 'End-of-life visit', className: 'wc-icon-eol' });
  return icons;
}

/** What the icons say, in their order: the words of a block too narrow to show them. */
export const iconLabels = (event: IconFacts): string[] => iconsOf(event).map((icon) => icon.label);

/** Who the visit is for, as EventNames shows it. */
export const namesText = (event: Pick<CalendarEvent, 'patients' | 'client'>) => (event.patients ? `${event.patients} · ${event.client}` : event.client);

/** What to know before the visit, as icons: a patient alert, a home visit, an end-of-life visit. */
export function EventIcons({ event }: { event: IconFacts }) {
  const icons = iconsOf(event);
  if (icons.length === 0) return null;
  return (
    <span className="wc-ev-icons">
      {icons.map((icon) => (
        <Glyph key={icon.className} label={icon.label} className={icon.className} />
      ))}
    </span>
  );
}
