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
import { auditKeys, estimateKeys, invoiceKeys } from '../../lib/query-keys';

export const paymentKeys = { all: ['payments'] as const };
export const paymentTypeKeys = { all: ['paymentTypes'] as const };

/*
 * A payment changes what invoices and estimates are paid and the client's balance, which live
 * under invoiceKeys.all and estimateKeys.all: every change here refreshes them too.
 */
const paymentHooks = crudHooks({ ops: paymentOps, keys: paymentKeys, alsoInvalidate: [invoiceKeys.all, estimateKeys.all, auditKeys.all] });
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
export function useRecordPayment() {
  return paymentHooks.useChange((v: { data: PaymentInput; idempotencyKey: string }) =>
    api(paymentOps.create, { body: { data: v.data }, headers: { [IDEMPOTENCY_HEADER]: v.idempotencyKey } }),
  );
}

export function useRefundPayment() {
  return paymentHooks.useChange((v: { id: string; data: RefundInput; idempotencyKey: string }) =>
    api(refundPayment, { params: { id: v.id }, body: { data: v.data }, headers: { [IDEMPOTENCY_HEADER]: v.idempotencyKey } }),
  );
}

export function useAllocateCredit() {
  return paymentHooks.useChange((data: AllocateCreditInput) => api(allocateCredit, { body: { data } }));
}
