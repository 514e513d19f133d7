import { useMutation } from '@tanstack/react-query';
import { changePassword, confirmEmailChange, updateProfile } from '@willow/contracts';
import type { ChangePasswordInput, Profile, UpdateProfileInput } from '@willow/contracts';
import { api } from '../../lib/http-client';
import { mutationOf } from '../../lib/mutation-of';
import { profileKeys, userKeys } from '../../lib/query-keys';

export { useProfileQuery } from '../../app/session';

export const useUpdateProfile = mutationOf(updateProfile, {
  request: (data: UpdateProfileInput) => ({ body: { data } }),
  onSuccess: ({ emailConfirmationSentTo: _sentTo, ...profile }, _data, queryClient) => queryClient.setQueryData(profileKeys.detail(), profile),
  // The user list shows the same name and email.
  invalidates: [userKeys.all],
});

export function useChangePassword() {
  return useMutation({
    mutationFn: (data: ChangePasswordInput) => api(changePassword, { body: { data } }),
  });
}

/** The link sent to a new address, opened here: the address becomes the sign-in. */
export const useConfirmEmailChange = mutationOf(confirmEmailChange, {
  request: (token: string) => ({ body: { data: { token } } }),
  onSuccess: (profile: Profile, _token, queryClient) => queryClient.setQueryData(profileKeys.detail(), profile),
  invalidates: [userKeys.all],
});
