import { useQuery } from '@tanstack/react-query';
import { cancelCardPaymentRequest, createCardPaymentRequest, listCardPaymentRequests, listLocations } from '@willow/contracts';
import type { CardPaymentRequestInput, OpQuery } from '@willow/contracts';
import { api } from '../../lib/http-client';
import { mutationOf } from '../../lib/mutation-of';
import { cardPaymentKeys, locationKeys } from '../../lib/query-keys';

/*
 * Card payment requests: asked of a client (a balance, a deposit), paid on Stripe's page, marked
 * paid by Stripe's webhook. A request paid changes the invoices, estimates and payments shown, so
 * every change refreshes those groups too.
 */
export { cardPaymentKeys };
const CARD_PAYMENT_CHANGE = [cardPaymentKeys.all, ['invoices'], ['estimates'], ['payments']];

/** A client's, an invoice's or an estimate's requests, newest first; refreshed while one is open (the webhook marks it paid). */
export function useCardPaymentRequests(query: OpQuery<typeof listCardPaymentRequests>, enabled = true) {
  return useQuery({
    queryKey: [...cardPaymentKeys.all, query],
    queryFn: ({ signal }) => api(listCardPaymentRequests, { query, signal }),
    enabled: enabled && Boolean(query.clientId || query.invoiceId || query.estimateId),
    refetchInterval: (q) => (q.state.data?.some((r) => r.state === 'open') ? 10_000 : false),
  });
}

/**
 * Creating a request is money-creating: the dialog's Idempotency-Key (one per opening of the
 * dialog) makes a retried or double-clicked request create one payment page.
 */
export const useCreateCardPaymentRequest = mutationOf(createCardPaymentRequest, {
  request: ({ data, idempotencyKey }: { data: CardPaymentRequestInput; idempotencyKey: string }) => ({
    body: { data },
    headers: { 'Idempotency-Key': idempotencyKey },
  }),
  invalidates: CARD_PAYMENT_CHANGE,
});

export const useCancelCardPaymentRequest = mutationOf(cancelCardPaymentRequest, {
  request: (id: string) => ({ params: { id } }),
  invalidates: CARD_PAYMENT_CHANGE,
});

/** Whether a location has its Stripe integration (the locations list the navigation loads anyway). */
export function useLocationHasStripe(locationId: string | null | undefined): boolean | undefined {
  const { data } = useQuery({
    queryKey: locationKeys.list(true),
    queryFn: ({ signal }) => api(listLocations, { query: { onlyActive: true }, signal }),
  });
  if (!data || !locationId) return undefined;
  return data.some((l) => l.id === locationId && l.integrations.some((i) => i.service === 'stripe'));
}
