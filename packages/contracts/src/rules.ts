import { z } from 'zod';
import { MESSAGES } from './messages.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH, passwordProblem, type PasswordOwner } from './password-rules.js';

/**
 * Marks an issue whose message must reach the user verbatim (fixed user-facing texts), rather than
 * being prefixed with the failing field's name.
 */
export const VERBATIM = { verbatim: true } as const;

/** The name rule: no '&' (an empty optional name passes). */
export const noAmpersand = [(v: string | null) => !v?.includes('&'), { message: MESSAGES.ampersand, params: VERBATIM }] as const;

/** A required name field: every name field of the product. */
export function nameField(max = 100) {
  return z
    .string()
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`)
    .refine(...noAmpersand);
}

/** The most characters a message may have: a message must be fewer than 1000 characters. */
export const MESSAGE_MAX_LENGTH = 999;

/** The message rule: fewer than 1000 characters. */
export function messageField() {
  return z.string().refine((v) => v.length <= MESSAGE_MAX_LENGTH, { message: MESSAGES.messageTooLong, params: VERBATIM });
}

export const emailField = () =>
  z.string().trim().toLowerCase().pipe(z.email('must be a valid email address').max(254, 'must be at most 254 characters'));

/**
 * OWASP: at least 12 characters, no composition rules, a generous maximum; not a repeated
 * character, pattern or simple sequence (password-rules.ts, docs/decisions/0050).
 */
export const newPasswordField = () =>
  z
    .string()
    .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort)
    .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong)
    .refine((v) => v.length < PASSWORD_MIN_LENGTH || v.length > PASSWORD_MAX_LENGTH || passwordProblem(v) === undefined, PASSWORD_MESSAGES.pattern);

/**
 * The object rule of a form that sets a password beside its owner's email and names: the password
 * must not contain them (reported on the password field). The server checks it again with the
 * stored email and names, which a partial update does not send.
 */
export function passwordOwnerRule(passwordKey: string) {
  return (value: Record<string, unknown> & PasswordOwner, ctx: z.RefinementCtx) => {
    const password = value[passwordKey];
    if (typeof password !== 'string' || password === '') return;
    if (passwordProblem(password, value) === PASSWORD_MESSAGES.personal) {
      ctx.addIssue({ code: 'custom', path: [passwordKey], message: PASSWORD_MESSAGES.personal });
    }
  };
}

export const idField = () => z.uuid('must be a valid id');

/** Query strings carry booleans as text. */
export const queryBoolean = () =>
  z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1');

export const IdParams = z.object({ id: idField() });

/** Request bodies are wrapped as {data: ...}. */
export const wrapped = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

export const ErrorResponse = z.object({ error: z.object({ message: z.string() }) });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const OkResponse = z.object({ ok: z.literal(true) });

export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneField = () => z.string().refine(isValidTimeZone, { message: 'must be a valid IANA time zone, e.g. America/New_York' });

/** Free text that may be left empty: trimmed, empty becomes null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullable()
    .transform((v) => (v ? v : null));

export const optionalEmail = () =>
  z
    .union([z.literal(''), emailField()])
    .nullable()
    .transform((v) => (v ? v : null));

/** A calendar date, YYYY-MM-DD (no time zone: dates of birth, given on, due on). */
/**
 * The years a record of a practice can fall in. Outside them a date is a typo (0001 for 2001), and
 * years 0000 and 0001 cannot be shifted through a time zone at all.
 */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2999;
export const YEAR_OUT_OF_RANGE = `must be between ${FIRST_YEAR} and ${LAST_YEAR}`;
const yearInRange = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= FIRST_YEAR && year <= LAST_YEAR;
};

export const dateField = () => z.iso.date('must be a date (YYYY-MM-DD)').refine(yearInRange, YEAR_OUT_OF_RANGE);

/**
 * The latest calendar date anywhere on earth (UTC+14). A date "in the future" is one after it: a
 * date the clinic calls today is never refused, whatever the time zone of the browser or server.
 */
export function latestToday(now: number = Date.now()): string {
  return new Date(now + 14 * 3_600_000).toISOString().slice(0, 10);
}

export const NOT_IN_FUTURE = 'must not be in the future';

/** A calendar date that has already come (dates of birth, given on); today is allowed. */
export const pastDateField = () => dateField().refine((d) => d <= latestToday(), NOT_IN_FUTURE);

export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

/** A page of a long list: the rows asked for and how many there are in all. */
export const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

/** An instant with its offset, e.g. 2026-11-23T14:00:00.000Z; answers are always UTC ('Z'). */
export const instantField = () =>
  z.iso.datetime({ offset: true, message: 'must be a date and time (ISO 8601)' }).refine(yearInRange, YEAR_OUT_OF_RANGE);

/** Money in the currency's units with at most two decimals (e.g. 85.5). */
export const priceField = () =>
  z
    .number({ message: 'must be a number' })
    .min(0, 'must be 0 or more')
    .max(1_000_000, 'must be at most 1000000')
    .refine((v) => Math.round(v * 100) === v * 100, 'must have at most two decimals');

/**
 * An update's fields: every one optional and none defaulted. zod's `.partial()` still fills in a
 * field's default when it is left out, so an update naming only a name would reset the rest (a
 * user's roles to none, a contact's organisation to empty). Every update input is built here.
 */
/** The schema inside a default, keeping the checks (refinements) that were added after the default. */
function withoutDefault(field: z.ZodDefault): z.ZodType {
  const inner = field.unwrap() as z.ZodType;
  const checks = field._zod.def.checks ?? [];
  return checks.length > 0 ? inner.check(...(checks as z.core.$ZodCheck<unknown>[])) : inner;
}

export function patchOf<S extends z.ZodRawShape>(schema: z.ZodObject<S>) {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    shape[key] = (field instanceof z.ZodDefault ? withoutDefault(field) : field).optional();
  }
  return z.object(shape) as unknown as z.ZodObject<{ -readonly [K in keyof S]: z.ZodOptional<S[K]> }>;
}
