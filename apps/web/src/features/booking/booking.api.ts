import { useMutation, useQuery } from '@tanstack/react-query';
import { confirmBookingEmail, createBookingRequest, getBookingPage } from '@willow/contracts';
import type { BookingRequestInput } from '@willow/contracts';
import { api } from '../../lib/http-client';

export const bookingKeys = {
  page: (locationId: string) => ['booking', locationId] as const,
};

export function useBookingPage(locationId: string) {
  return useQuery({
    queryKey: bookingKeys.page(locationId),
    queryFn: ({ signal }) => api(getBookingPage, { params: { locationId }, signal }),
    // The page carries the form's token; a refetch (window focus) would hand out one too young to send.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useSubmitBooking(locationId: string) {
  return useMutation({
    mutationFn: (data: BookingRequestInput) => api(createBookingRequest, { params: { locationId }, body: { data } }),
  });
}

/** The owner's address confirmed with the emailed link (the link is used up). */
export function useConfirmBookingEmail() {
  return useMutation({
    mutationFn: (token: string) => api(confirmBookingEmail, { body: { data: { token } } }),
  });
}
