// Security-critical: what a new password may not be. The rules a browser can apply too (length, a
// repeated character or pattern, a simple sequence, the user's own email or name); the list of
// common passwords stays on the server (apps/server/src/platform/password-policy.ts).
// docs/decisions/0050. No zod here: rules.ts and the forms use these functions.

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

/** Field messages, written to follow the field's label like every contract message. */
export const PASSWORD_MESSAGES = {
  tooShort: `must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `must be at most ${PASSWORD_MAX_LENGTH} characters`,
  pattern: 'must not be a repeated character, a repeated pattern or a simple sequence such as abcd or 1234',
  personal: 'must not contain the email address or name',
  common: 'must not be a commonly used password',
} as const;

/** What a password is checked against besides itself: its user's email and names. */
export interface PasswordOwner {
  email?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
}

/**
 * Runs people type as "easy": the alphabet, digits (wrapping, so 7890123 counts), the keyboard
 * rows of the common layouts and its columns; each is read forwards and backwards.
 */
const RUNS = [
  'abcdefghijklmnopqrstuvwxyz',
  '012345678901234567890',
  'qwertyuiopasdfghjklzxcvbnm',
  'qwertzuiopasdfghjklyxcvbnm',
  'azertyuiopqsdfghjklmwxcvbn',
  '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p',
  'qazwsxedcrfvtgbyhnujmikolp',
  '!@#$%^&*()_+',
];
const ALL_RUNS = [...RUNS, ...RUNS.map((r) => [...r].reverse().join(''))];

/** The longest run (at least 3 characters) that `text` starts with at `from`, or 0. */
function runAt(text: string, from: number): number {
  let best = 0;
  for (const run of ALL_RUNS) {
    let i = run.indexOf(text[from]!);
    while (i !== -1) {
      let n = 1;
      while (from + n < text.length && run[i + n] === text[from + n]) n++;
      if (n > best) best = n;
      i = run.indexOf(text[from]!, i + 1);
    }
  }
  return best >= 3 ? best : 0;
}

/**
 * At most two runs back to back, give or take two other characters: abcdefghijkl, 123456789012,
 * qwerty123456, zyxwvu987654, qwertyuiop12.
 */
function isSimpleSequence(text: string): boolean {
  let runs = 0;
  let others = 0;
  for (let at = 0; at < text.length; ) {
    const n = runAt(text, at);
    if (n === 0) {
      if (++others > 2) return false;
      at += 1;
    } else {
      if (++runs > 2) return false;
      at += n;
    }
  }
  return runs > 0;
}

/** The shortest piece `text` is made of by repeating it (abcabcabc: abc), or undefined. */
export function repeatedUnit(text: string): string | undefined {
  const match = /^(.+?)\1+$/su.exec(text);
  return match?.[1];
}

/** A repeated character or pattern, too few different characters, or a simple sequence. */
function isPattern(lower: string): boolean {
  if (new Set(lower).size < 4) return true;
  const unit = repeatedUnit(lower);
  if (unit && (unit.length <= 4 || isSimpleSequence(unit))) return true;
  return isSimpleSequence(lower);
}

/** The pieces of the owner's email and names a password must not contain (four characters or more). */
function personalParts(owner: PasswordOwner): { contained: string[]; whole: string[] } {
  const contained = new Set<string>();
  const whole = new Set<string>();
  const words = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const email = owner.email?.trim().toLowerCase();
  if (email) {
    contained.add(email);
    const local = email.split('@')[0] ?? '';
    if (local.length >= 4) contained.add(local);
    for (const word of words(local)) (word.length >= 4 ? contained : whole).add(word);
  }
  for (const name of [owner.firstName, owner.lastName]) {
    for (const word of words(name?.trim().toLowerCase() ?? '')) (word.length >= 4 ? contained : whole).add(word);
  }
  return { contained: [...contained], whole: [...whole] };
}

/** The password contains its owner's email, its local part or a name (a short one: is it plus digits or symbols). */
function isPersonal(lower: string, owner: PasswordOwner): boolean {
  const { contained, whole } = personalParts(owner);
  const letters = lower.replace(/[^\p{L}]+/gu, '');
  return contained.some((part) => lower.includes(part)) || whole.some((part) => letters === part);
}

/**
 * Why a new password is refused by the rules shared with the browser, or undefined when they
 * accept it (the server also checks it against the list of common passwords). Letter case never
 * matters.
 */
export function passwordProblem(password: string, owner: PasswordOwner = {}): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  const lower = password.toLowerCase();
  if (isPattern(lower)) return PASSWORD_MESSAGES.pattern;
  if (isPersonal(lower, owner)) return PASSWORD_MESSAGES.personal;
  return undefined;
}
