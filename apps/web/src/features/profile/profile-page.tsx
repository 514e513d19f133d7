import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { ChangePasswordInput, passwordProblem, SIGN_IN_MESSAGES, UpdateProfileInput } from '@willow/contracts';
import type { Profile } from '@willow/contracts';
import { TextInput, useFormState } from '../../components/form-fields';
import { InlineForm } from '../../components/inline-form';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { notifySuccess } from '../../lib/toasts';
import { MyAvailabilityCard } from '../availability';
import { useChangePassword, useConfirmEmailChange, useProfileQuery, useUpdateProfile } from './profile.api';

export default function ProfilePage() {
  const profile = useProfileQuery().data;
  return (
    <>
      <PageHeader title="Profile" subtitle={profile ? `${profile.account.name}` : undefined} />
      {profile ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
          <ProfileForm profile={profile} />
          <PasswordForm profile={profile} />
          <MyAvailabilityCard profile={profile} />
        </Box>
      ) : (
        <PageLoader />
      )}
    </>
  );
}

const detailsOf = (profile: Profile) => ({ firstName: profile.firstName, lastName: profile.lastName, email: profile.email, currentPassword: '' });

/**
 * The link emailed to a new address opens this page with `?token=`: it is used once, for the
 * signed-in user, and taken out of the address. What happened is told in the details card.
 */
function useEmailConfirmation(): { notice: string | undefined; failure: string | undefined; showSent: (address: string) => void } {
  const [searchParams, setSearchParams] = useSearchParams();
  const token = searchParams.get('token');
  const confirm = useConfirmEmailChange();
  const [notice, setNotice] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const used = useRef<string | null>(null);
  useEffect(() => {
    if (!token || used.current === token) return;
    used.current = token;
    setSearchParams({}, { replace: true });
    setNotice(undefined);
    confirm.mutate(token, {
      onSuccess: (profile) => {
        setFailure(undefined);
        setNotice(`${SIGN_IN_MESSAGES.emailChanged} (${profile.email})`);
        notifySuccess('Email address changed');
      },
      onError: (error) => setFailure(error.message),
    });
  }, [token, confirm, setSearchParams]);
  const showSent = (address: string) => {
    setFailure(undefined);
    setNotice(`${SIGN_IN_MESSAGES.emailChangeSent} (${address})`);
  };
  return { notice, failure, showSent };
}

function ProfileForm({ profile }: { profile: Profile }) {
  const form = useFormState(detailsOf(profile));
  const update = useUpdateProfile();
  const confirmation = useEmailConfirmation();
  const { reset } = form;
  useEffect(() => {
    reset(detailsOf(profile));
  }, [profile, reset]);
  // The email is the sign-in: changing it takes the current password (names do not).
  const changesEmail = form.values.email.trim().toLowerCase() !== profile.email.toLowerCase();

  const submit = () => {
    const { currentPassword, ...details } = form.values;
    const data = form.check(UpdateProfileInput, changesEmail ? { ...details, currentPassword } : details);
    if (!data) return;
    if (changesEmail && !currentPassword) {
      form.setErrors({ currentPassword: 'is required to change the email address' });
      return;
    }
    update.mutate(data, {
      onSuccess: ({ emailConfirmationSentTo, ...saved }) => {
        notifySuccess('Profile updated');
        if (emailConfirmationSentTo) {
          // The sign-in stays the current address until the link is opened: the field says so, the notice names the new one.
          reset(detailsOf(saved));
          confirmation.showSent(emailConfirmationSentTo);
        }
      },
      onError: form.saveFailed('Error updating profile'),
    });
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Your details
        </Typography>
        {confirmation.failure && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {confirmation.failure}
          </Alert>
        )}
        {confirmation.notice && (
          <Alert severity="info" role="status" sx={{ mb: 2 }}>
            {confirmation.notice}
          </Alert>
        )}
        <InlineForm onSubmit={submit} submitting={update.isPending}>
          <TextInput label="First name" required value={form.values.firstName} onValueChange={(v) => form.set('firstName', v)} error={form.errors.firstName} />
          <TextInput label="Last name" required value={form.values.lastName} onValueChange={(v) => form.set('lastName', v)} error={form.errors.lastName} />
          <TextInput label="Email" type="email" required value={form.values.email} onValueChange={(v) => form.set('email', v)} error={form.errors.email} />
          {changesEmail && (
            <TextInput
              label="Current password"
              type="password"
              autoComplete="current-password"
              required
              value={form.values.currentPassword}
              onValueChange={(v) => form.set('currentPassword', v)}
              error={form.errors.currentPassword}
              helperText="You sign in with your email: confirm the change with your password; a link to confirm it goes to the new address"
            />
          )}
        </InlineForm>
      </CardContent>
    </Card>
  );
}

function PasswordForm({ profile }: { profile: Profile }) {
  const form = useFormState({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const change = useChangePassword();

  const submit = () => {
    const data = form.check(ChangePasswordInput, form.values);
    if (!data) return;
    // The rules the browser knows, with the user's own email and names (the server also refuses common passwords).
    const problem = passwordProblem(form.values.newPassword, profile);
    if (problem) {
      form.setErrors({ newPassword: problem });
      return;
    }
    if (form.values.confirmPassword !== form.values.newPassword) {
      form.setErrors({ confirmPassword: 'The passwords do not match.' });
      return;
    }
    change.mutate(data, {
      onSuccess: () => {
        form.reset({ currentPassword: '', newPassword: '', confirmPassword: '' });
        notifySuccess('Password changed');
      },
      onError: form.saveFailed('Error changing password'),
    });
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Change password
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          At least 12 characters, not a common password and not your name or email. Changing it signs you out everywhere else.
        </Typography>
        <InlineForm onSubmit={submit} submitting={change.isPending} submitLabel="Change password">
          {/* Lets password managers tie the new password to the right sign-in. */}
          <input type="text" name="username" autoComplete="username" hidden readOnly />
          <TextInput label="Current password" type="password" autoComplete="current-password" required value={form.values.currentPassword} onValueChange={(v) => form.set('currentPassword', v)} error={form.errors.currentPassword} />
          <TextInput label="New password" type="password" autoComplete="new-password" required value={form.values.newPassword} onValueChange={(v) => form.set('newPassword', v)} error={form.errors.newPassword} />
          <TextInput label="Confirm new password" type="password" autoComplete="new-password" required value={form.values.confirmPassword} onValueChange={(v) => form.set('confirmPassword', v)} error={form.errors.confirmPassword} />
        </InlineForm>
      </CardContent>
    </Card>
  );
}
