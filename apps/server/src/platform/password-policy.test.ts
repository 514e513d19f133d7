import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '@willow/contracts';
import { isCommonPassword, newPasswordProblem } from './password-policy.js';

describe('the new-password rule', () => {
  it('refuses the common passwords of the bundled list, whatever the case', () => {
    for (const password of ['baseball1234', 'qazwsxedcrfv', 'LeaveMeAlone', 'SONYERICSSON', 'mailcreated5240']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('refuses passwords of the breach lists beyond the first 10,000, and the published ones however they are written', () => {
    // The package's ranked list, past the entries the project used to copy.
    for (const password of ['supernatural', 'Unbelievable', 'needforspeed', 'contortionist']) expect(isCommonPassword(password), password).toBe(true);
    for (const password of ['correcthorsebatterystaple', 'CorrectHorseBatteryStaple', 'correct horse battery staple', 'Correct-Horse-Battery-Staple!', 'c0rrecth0rsebatterystaple2024', 'Tr0ub4dor&3-2024']) {
      expect(newPasswordProblem(password, {}), password).toBe(PASSWORD_MESSAGES.common);
    }
  });

  it('refuses a common password with digits or symbols around it, or letters written as digits', () => {
    for (const password of ['password1234', '2024password!', 'P@ssw0rd2024', '$uperman12345', 'dragondragon', 'Monkey!!!!!!', 'L3tm31n123456', 'f00tball1999']) {
      expect(newPasswordProblem(password, {}), password).toBe(PASSWORD_MESSAGES.common);
    }
  });

  it('takes passphrases and other passwords nobody guesses first', () => {
    for (const password of ['correct-horse-battery', 'a-brand-new-password-1', 'demo-password', 'Kettle moon 42 cardigan', 'vT9#qL2!mZ7x', 'password manager made this 9f3k']) {
      expect(newPasswordProblem(password, { email: 'uma.user@test.example', firstName: 'Uma', lastName: 'User' }), password).toBeUndefined();
    }
  });

  it('applies the shared rules first: length, patterns, the owner’s email and names', () => {
    expect(newPasswordProblem('short', {})).toBe(PASSWORD_MESSAGES.tooShort);
    expect(newPasswordProblem('zzzzzzzzzzzzzzzz', {})).toBe(PASSWORD_MESSAGES.pattern);
    expect(newPasswordProblem('9876543210987', {})).toBe(PASSWORD_MESSAGES.pattern);
    expect(newPasswordProblem('uma.user@test.example', { email: 'uma.user@test.example' })).toBe(PASSWORD_MESSAGES.personal);
    expect(newPasswordProblem('Uma.User.2024', { email: 'uma.user@test.example' })).toBe(PASSWORD_MESSAGES.personal);
    expect(newPasswordProblem('mortensen-the-vet', { lastName: 'Mortensen' })).toBe(PASSWORD_MESSAGES.personal);
    // A short name counts only as the whole of the letters, not inside another word.
    expect(newPasswordProblem('tom1234567890', { firstName: 'Tom' })).toBe(PASSWORD_MESSAGES.personal);
    expect(newPasswordProblem('tomorrow-never-dies', { firstName: 'Tom' })).toBeUndefined();
  });
});
