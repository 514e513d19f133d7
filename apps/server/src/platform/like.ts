/** A user's search text used inside LIKE: its own % and _ match themselves, not anything. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');
