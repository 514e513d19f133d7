// Plain values with no zod: the app's shell registers these public pages before anyone signs in,
// and must not load the card payments' schemas for it (docs/decisions/0150).

/** The public pages Stripe sends the client back to (no session): after paying, and after leaving. */
export const CARD_PAYMENT_RETURN_PATHS = { paid: '/pay/thank-you', cancelled: '/pay/cancelled' } as const;
