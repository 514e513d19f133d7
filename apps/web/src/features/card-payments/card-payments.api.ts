import { useQuery } from '@tanstack/react-query';
import { cancelCardPaymentRequest, createCardPaymentRequest, listCardPaymentRequests, listLocations } from '@willow/contracts';
import type { CardPaymentRequestInput, OpQuery } from '@willow/contracts';
import { crudHooks } from '../../lib/crud-hooks';
import { api } from '../../lib/http-client';
import { locationKeys } from '../../lib/query-keys';

/*
 * Card payment requests: asked of a client (a balance, a deposit), paid on Stripe's page, marked
 * paid by Stripe's webhook. A request paid changes the invoices, estimates and payments shown, so
 * every change refreshes those groups too.
 */
export const cardPaymentKeys = {
  all: ['cardPaymentRequests'] as const,
};
const BILLING_GROUPS = [['invoices'], ['estimates'], ['payments']] as const;

/** A client's, an invoice's or an estimate's requests, newest first; refreshed while one is open (the webhook marks it paid). */
export function useCardPaymentRequests(query: OpQuery<typeof listCardPaymentRequests>, enabled = true) {
  return useQuery({
    queryKey: [...cardPaymentKeys.all, query],
    queryFn: ({ signal }) => api(listCardPaymentRequests, { query, signal }),
    enabled: enabled && Boolean(query.clientId || query.invoiceId || query.estimateId),
    refetchInterval: (q) => (q.state.data?.some((r) => r.state === 'open') ? 10_000 : false),
  });
}

const hooks = crudHooks({ ops: {}, keys: { all: cardPaymentKeys.all }, alsoInvalidate: BILLING_GROUPS });

/**
 * Creating a request is money-creating: the dialog's Idempotency-Key (one per opening of the
 * dialog) makes a retried or double-clicked request create one payment page.
 */
export function useCreateCardPaymentRequest() {
  return hooks.useChange(({ data, idempotencyKey }: { data: CardPaymentRequestInput; idempotencyKey: string }) =>
    api(createCardPaymentRequest, { body: { data }, headers: { 'Idempotency-Key': idempotencyKey } }),
  );
}

export function useCancelCardPaymentRequest() {
  return hooks.useChange((id: string) => api(cancelCardPaymentRequest, { params: { id } }));
}

/** Whether a location has its Stripe integration (the locations list the navigation loads anyway). */
export function useLocationHasStripe(locationId: string | null | undefined): boolean | undefined {
  const { data } = useQuery({
    queryKey: locationKeys.list(true),
    queryFn: ({ signal }) => api(listLocations, { query: { onlyActive: true }, signal }),
  });
  if (!data || !locationId) return undefined;
  return data.some((l) => l.id === locationId && l.integrations.some((i) => i.service === 'stripe'));
}
