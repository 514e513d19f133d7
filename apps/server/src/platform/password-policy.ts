// Security-critical: the rule every new password passes, wherever one is set (a user created or
// given a password by an administrator, a password changed on the profile, an account's first
// owner). The contract's rules (length, patterns, sequences, the owner's email and names) and the
// list of the 10,000 most common passwords, also with digits or symbols around them or letters
// written as digits (p@ssw0rd2024). docs/decisions/0050.
import { readFileSync } from 'node:fs';
import { PASSWORD_MESSAGES, passwordProblem, repeatedUnit, type PasswordOwner } from '@willow/contracts';
import { badRequest } from './errors.js';

/** Beside src/ and dist/ alike, like the migrations. */
const LIST_FILE = new URL('../../lists/common-passwords.txt', import.meta.url);

let common: Set<string> | undefined;
/** Read once, on the first password set. */
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(LIST_FILE, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return common;
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
  const forms = new Set<string>([lower]);
  for (const one of ['i', 'l']) {
    forms.add(unLeet(lower, one));
    forms.add(stripEnds(lower));
    forms.add(unLeet(stripEnds(lower), one));
    forms.add(stripEnds(unLeet(stripTrailing(lower), one)));
  }
  for (const form of [...forms]) {
    const unit = repeatedUnit(form);
    if (unit) forms.add(unit);
  }
  // A bare short word is not what was typed: only the password itself may match a short entry.
  return [...forms].filter((form) => form === lower || form.length >= 4);
}

/** A common password, or one built on a common password. */
export function isCommonPassword(password: string): boolean {
  const list = commonPasswords();
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
