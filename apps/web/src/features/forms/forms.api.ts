import { useQuery } from '@tanstack/react-query';
import {
  acceptSubmissionChoices,
  countUnreadFormSubmissions,
  getAppointmentChoices,
  createFormRequest,
  formSubmissionOps,
  formTemplateOps,
  getPublicForm,
  listFormRequests,
  submitPublicForm,
} from '@willow/contracts';
import type { FormRequestInput, OpQuery, PublicFormSubmission } from '@willow/contracts';
import { useMutation } from '@tanstack/react-query';
import { crudHooks } from '../../lib/crud-hooks';
import type { ListOptions } from '../../lib/crud-hooks';
import { api } from '../../lib/http-client';
import { mutationOf } from '../../lib/mutation-of';
import { appointmentKeys, auditKeys, invoiceKeys, scheduleKeys } from '../../lib/query-keys';
import { useSettings } from '../../lib/settings';

/*
 * Forms: the templates (Settings › Templates › Form), the forms sent (requests) and what came back
 * (submissions). A form sent shows as sent on the appointment; a submission read or deleted changes
 * the navigation badge: each change refreshes the groups that show it.
 */
export const formKeys = {
  templates: ['formTemplates'] as const,
  requests: ['formRequests'] as const,
  submissions: ['formSubmissions'] as const,
  unreadCount: (locationId: string | null) => ['formSubmissions', 'unreadCount', locationId] as const,
  /** what an appointment's latest submission asks for (add-ons, aftercare) and whether it was accepted */
  appointmentChoices: (appointmentId: string) => ['formSubmissions', 'choices', appointmentId] as const,
  publicForm: (accountId: string, requestId: string) => ['publicForm', accountId, requestId] as const,
};

const templateHooks = crudHooks({ ops: formTemplateOps, keys: { all: formKeys.templates } });

export function useFormTemplates(locationId: string | null) {
  return templateHooks.useList({ locationId: locationId ?? undefined }, { enabled: Boolean(locationId) });
}
export const { useCreate: useCreateFormTemplate, useUpdate: useUpdateFormTemplate, useRemove: useDeleteFormTemplate } = templateHooks;

const submissionHooks = crudHooks({ ops: formSubmissionOps, keys: { all: formKeys.submissions }, invalidates: [formKeys.submissions, formKeys.requests] });

export function useFormSubmissions(
  query: OpQuery<typeof formSubmissionOps.list>,
  options?: ListOptions<typeof formSubmissionOps>,
) {
  return submissionHooks.useList(query, options);
}
export const { useGet: useFormSubmission, useUpdate: useUpdateFormSubmission, useRemove: useDeleteFormSubmission } = submissionHooks;

/** The navigation badge: unread submissions at the location chosen in the navigation (all of them under All Locations). */
export function useUnreadFormSubmissionCount(): number | undefined {
  const { locationId } = useSettings();
  return useQuery({
    queryKey: formKeys.unreadCount(locationId),
    queryFn: ({ signal }) => api(countUnreadFormSubmissions, { query: { locationId: locationId ?? undefined }, signal }),
    select: (answer) => answer.count,
  }).data;
}

/** The forms sent for an appointment or to a client, newest first. */
export function useFormRequests(query: OpQuery<typeof listFormRequests>) {
  return useQuery({
    queryKey: [...formKeys.requests, query],
    queryFn: ({ signal }) => api(listFormRequests, { query, signal }),
    enabled: Boolean(query.appointmentId || query.clientId),
  });
}

export const useSendForm = mutationOf(createFormRequest, {
  request: (data: FormRequestInput) => ({ body: { data } }),
  invalidates: [formKeys.requests, formKeys.submissions],
});

/** The form a public link opens; a link that is not good is not asked again (its answer will not change). */
export function usePublicForm(accountId: string, requestId: string, t: string) {
  return useQuery({
    queryKey: formKeys.publicForm(accountId, requestId),
    queryFn: ({ signal }) => api(getPublicForm, { params: { accountId, requestId }, query: { t }, signal }),
    enabled: Boolean(t),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useSubmitPublicForm(accountId: string, requestId: string) {
  return useMutation({
    mutationFn: (data: PublicFormSubmission) => api(submitPublicForm, { params: { accountId, requestId }, body: { data } }),
  });
}

/** What the appointment's latest submission asks for (add-ons, aftercare); null when none asks for anything. */
export function useAppointmentChoices(appointmentId: string) {
  return useQuery({
    queryKey: formKeys.appointmentChoices(appointmentId),
    queryFn: ({ signal }) => api(getAppointmentChoices, { query: { appointmentId }, signal }),
    select: (answer) => answer.choices,
  });
}

/**
 * Accepting puts add-ons and aftercare on the appointment: the appointment (its add-ons are part of
 * it) and the calendar show them, the invoices' missed charges count them, the submission says accepted.
 */
export const useAcceptChoices = mutationOf(acceptSubmissionChoices, {
  request: (submissionId: string) => ({ params: { id: submissionId } }),
  invalidates: [formKeys.submissions, appointmentKeys.all, scheduleKeys.all, invoiceKeys.all, auditKeys.all],
});
