import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changePassword, confirmEmailChange, updateProfile } from '@willow/contracts';
import type { ChangePasswordInput, Profile, UpdateProfileInput } from '@willow/contracts';
import { api } from '../../lib/http-client';
import { profileKeys, userKeys } from '../../lib/query-keys';

export { useProfileQuery } from '../../app/session';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: UpdateProfileInput) => api(updateProfile, { body: { data } }),
    onSuccess: ({ emailConfirmationSentTo: _sentTo, ...profile }) => {
      queryClient.setQueryData(profileKeys.detail(), profile);
      // The user list shows the same name and email.
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (data: ChangePasswordInput) => api(changePassword, { body: { data } }),
  });
}

/** The link sent to a new address, opened here: the address becomes the sign-in. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api(confirmEmailChange, { body: { data: { token } } }),
    onSuccess: (profile: Profile) => {
      queryClient.setQueryData(profileKeys.detail(), profile);
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
