import {
  allocateCredit,
  IDEMPOTENCY_HEADER,
  paymentOps,
  paymentTypeOps,
  refundPayment,
  type AllocateCreditInput,
  type PaymentInput,
  type RefundInput,
} from '@willow/contracts';
import { useQuery } from '@tanstack/react-query';
import { crudHooks } from '../../lib/crud-hooks';
import { api } from '../../lib/http-client';
import { mutationOf } from '../../lib/mutation-of';
import { auditKeys, estimateKeys, invoiceKeys, paymentKeys } from '../../lib/query-keys';

export { paymentKeys };
export const paymentTypeKeys = { all: ['paymentTypes'] as const };

/*
 * A payment changes what invoices and estimates are paid and the client's balance, which live
 * under invoiceKeys.all and estimateKeys.all: every change here refreshes them too.
 */
const PAYMENT_CHANGE = [paymentKeys.all, invoiceKeys.all, estimateKeys.all, auditKeys.all];

const paymentHooks = crudHooks({ ops: paymentOps, keys: paymentKeys, invalidates: PAYMENT_CHANGE });
const paymentTypeHooks = crudHooks({ ops: paymentTypeOps, keys: paymentTypeKeys });

export const { useList: usePayments, useUpdate: useUpdatePayment, useRemove: useDeletePayment } = paymentHooks;
export const { useCreate: useCreatePaymentType, useUpdate: useUpdatePaymentType, useRemove: useDeletePaymentType } = paymentTypeHooks;

/** The account's payment types (every one; pickers offer the active ones). */
export function usePaymentTypes() {
  return useQuery({ queryKey: [...paymentTypeKeys.all, 'list'], queryFn: () => api(paymentTypeOps.list, {}), staleTime: 60_000 });
}

/**
 * Records a payment once per `idempotencyKey` (made when the dialog opens): a double click, or a
 * retry after an answer that never arrived, answers the first payment instead of taking a second.
 */
export const useRecordPayment = mutationOf(paymentOps.create, {
  request: (v: { data: PaymentInput; idempotencyKey: string }) => ({ body: { data: v.data }, headers: { [IDEMPOTENCY_HEADER]: v.idempotencyKey } }),
  invalidates: PAYMENT_CHANGE,
});

export const useRefundPayment = mutationOf(refundPayment, {
  request: (v: { id: string; data: RefundInput; idempotencyKey: string }) => ({
    params: { id: v.id },
    body: { data: v.data },
    headers: { [IDEMPOTENCY_HEADER]: v.idempotencyKey },
  }),
  invalidates: PAYMENT_CHANGE,
});

export const useAllocateCredit = mutationOf(allocateCredit, { request: (data: AllocateCreditInput) => ({ body: { data } }), invalidates: PAYMENT_CHANGE });
