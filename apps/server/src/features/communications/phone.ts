/**
 * Phone numbers as clients type them ("(530) 555-0142", "+1 530 555 0142") and as Twilio writes
 * them (E.164, "+15305550142"). A number without a country code is taken as North American
 * (docs/decisions/0074).
 */
export function toE164(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) return `+${digits}`;
  if (digits.length === 10) return `+1${digits}`;
  return `+${digits}`;
}

/** The digits a client's phone may be stored with for a number in E.164: all of them, and a North American one without its 1. */
export function phoneDigitsOf(e164: string): string[] {
  const digits = e164.replace(/\D/g, '');
  if (!digits) return [];
  return digits.length === 11 && digits.startsWith('1') ? [digits, digits.slice(1)] : [digits];
}
