// Security-critical: the rule every new password passes, wherever one is set (a user created or
// given a password by an administrator, a password changed on the profile, an account's first
// owner, a reset). The contract's rules (length, patterns, sequences, the owner's email and names)
// and the passwords found in breach corpora, checked offline: the ranked list of
// @zxcvbn-ts/language-common (its 49,000 entries) and the project's own list of published ones
// (apps/server/lists/published-passwords.txt), also with digits or symbols around them, letters
// written as digits (p@ssw0rd2024), or words parted by spaces or dashes. docs/decisions/0050, 0143.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PASSWORD_MESSAGES, passwordProblem, repeatedUnit, type PasswordOwner } from '@willow/contracts';
import { badRequest } from './errors.js';

/** Beside src/ and dist/ alike, like the migrations. */
const PUBLISHED_FILE = new URL('../../lists/published-passwords.txt', import.meta.url);

let breached: Set<string> | undefined;
/** Read once, on the first password set: the package's list is large, and most requests never need it. */
function breachedPasswords(): Set<string> {
  if (!breached) {
    const { dictionary } = createRequire(import.meta.url)('@zxcvbn-ts/language-common') as typeof import('@zxcvbn-ts/language-common');
    const published = readFileSync(PUBLISHED_FILE, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
    breached = new Set([...dictionary['passwords-common'], ...published]);
  }
  return breached;
}

/** Letters people write as digits or symbols; 1 stands for i and for l. */
const LEET: Record<string, string> = { '@': 'a', '4': 'a', '3': 'e', '1': 'i', '!': 'i', '0': 'o', $: 's', '5': 's', '7': 't', '+': 't' };
const unLeet = (text: string, one = 'i') => [...text].map((c) => (c === '1' ? one : (LEET[c] ?? c))).join('');
/** Without the digits and symbols before and after the letters: password2024! → password. */
const stripEnds = (text: string) => text.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
const stripTrailing = (text: string) => text.replace(/[^\p{L}]+$/u, '');

/** The forms of a password that are looked up: itself, and the word it may be built on. */
function candidates(password: string): string[] {
  const lower = password.toLowerCase();
  // A passphrase is the same words whatever parts them: correct horse battery staple.
  const joined = lower.replace(/[\s._-]+/g, '');
  const forms = new Set<string>([lower, joined]);
  for (const text of [lower, joined]) {
    for (const one of ['i', 'l']) {
      forms.add(unLeet(text, one));
      forms.add(stripEnds(text));
      forms.add(unLeet(stripEnds(text), one));
      forms.add(stripEnds(unLeet(stripTrailing(text), one)));
    }
  }
  for (const form of [...forms]) {
    const unit = repeatedUnit(form);
    if (unit) forms.add(unit);
  }
  // A bare short word is not what was typed: only the password itself may match a short entry.
  return [...forms].filter((form) => form === lower || form.length >= 4);
}

/** A password of the breach lists, or one built on one. */
export function isCommonPassword(password: string): boolean {
  const list = breachedPasswords();
  return candidates(password).some((form) => list.has(form));
}

/** Why a new password is refused, or undefined when it may be set. */
export function newPasswordProblem(password: string, owner: PasswordOwner): string | undefined {
  return passwordProblem(password, owner) ?? (isCommonPassword(password) ? PASSWORD_MESSAGES.common : undefined);
}

/** Refuses the password with 400 '<field>: <why>' (the web form shows it under the field). */
export function assertNewPassword(field: string, password: string, owner: PasswordOwner): void {
  const problem = newPasswordProblem(password, owner);
  if (problem) throw badRequest(`${field}: ${problem}`);
}
