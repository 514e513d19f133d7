// Refusals are recognised by their constraint's name, also as a Citus shard names it.
import { describe, expect, it } from 'vitest';
import { isForeignKeyViolation, isUniqueViolation } from './errors.js';

const refusal = (code: string, constraint: string) => Object.assign(new Error('refused'), { code, constraint });

describe('a refusal’s constraint', () => {
  it('is read by its base name when a shard appends its id', () => {
    expect(isUniqueViolation(refusal('23505', 'user_emails_pkey'), 'user_emails_pkey')).toBe(true);
    expect(isUniqueViolation(refusal('23505', 'user_emails_pkey_103518'), 'user_emails_pkey')).toBe(true);
    expect(isUniqueViolation({ cause: refusal('23505', 'user_emails_pkey_103518') }, 'user_emails_pkey')).toBe(true);
    expect(isForeignKeyViolation(refusal('23503', 'patients_client_fk_102041'), 'patients_client_fk')).toBe(true);
  });

  it('is not taken for another constraint that only starts the same', () => {
    expect(isUniqueViolation(refusal('23505', 'user_emails_pkey_x'), 'user_emails_pkey')).toBe(false);
    expect(isUniqueViolation(refusal('23505', 'user_emails_email_unique'), 'user_emails')).toBe(false);
    expect(isUniqueViolation(refusal('23505', 'user_emails_pkey'), 'user_emails_pkey_1')).toBe(false);
    expect(isUniqueViolation(refusal('23503', 'user_emails_pkey'), 'user_emails_pkey')).toBe(false);
  });
});
