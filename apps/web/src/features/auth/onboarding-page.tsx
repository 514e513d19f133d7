import { Button, Typography } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { SIGN_IN_MESSAGES } from '@willow/contracts';
import type { TokenDescription } from '@willow/contracts';
import { TimeZoneInput } from '../../components/form-fields';
import { useFormState } from '../../components/form-state';
import { TextInput } from '../../components/text-input';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LinkFailed, LinkLoading } from './link-states';
import { EmailLinkForm } from './email-link-form';
import { NewPasswordFields, newPasswordErrors } from './new-password-fields';
import { FrameForm, SignInFrame } from './sign-in-frame';
import { useLinkDescription } from './use-link-description';
import { useLinkFormSubmit } from './use-link-form-submit';

/**
 * Setting up: without a link, the address a new practice starts from (confirmed by the emailed
 * link); with one, the new-practice form (a confirmed address) or an invited staff member's form.
 */
export default function OnboardingPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  return token ? <FromLink token={token} /> : <StartOnboarding />;
}

function StartOnboarding() {
  useDocumentTitle('Set up your practice');
  return (
    <EmailLinkForm
      subtitle="Set up your practice"
      intro="Start with your email address: we will send you a link to confirm it and set up your practice."
      autoComplete="email"
      request={(r) => ({ schema: r.StartOnboardingInput, send: r.startOnboardingRequest })}
      footer={
        <>
          Already using Willow? <RouterLink to="/login">Sign in</RouterLink>
        </>
      }
    />
  );
}

function FromLink({ token }: { token: string }) {
  const link = useLinkDescription(token);
  const again = { to: '/onboarding', label: 'Start again' };
  const invitation = link.state === 'ready' && link.link.kind === 'emailLogin';
  useDocumentTitle(invitation ? 'Join your practice' : 'Set up your practice');
  return (
    <SignInFrame subtitle={invitation ? 'Join your practice' : 'Set up your practice'} maxWidth={480}>
      {link.state === 'loading' && <LinkLoading />}
      {link.state === 'failed' && <LinkFailed message={link.message} again={again} />}
      {link.state === 'ready' &&
        (link.link.kind === 'validate' ? (
          <NewPracticeForm token={token} link={link.link} />
        ) : link.link.kind === 'emailLogin' ? (
          <InvitationForm token={token} link={link.link} />
        ) : (
          <LinkFailed message={SIGN_IN_MESSAGES.linkInvalid} again={again} />
        ))}
    </SignInFrame>
  );
}

/** The browser's own time zone: where a new practice most likely is. */
function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return '';
  }
}

function NewPracticeForm({ token, link }: { token: string; link: TokenDescription }) {
  const form = useFormState({
    practiceName: '',
    locationName: '',
    timezone: browserTimeZone(),
    firstName: '',
    lastName: '',
    password: '',
    confirmPassword: '',
  });
  const v = form.values;
  const e = form.errors;
  const { saving, linkGone, submit } = useLinkFormSubmit({
    title: 'Error setting up the practice',
    showServerError: form.showServerError,
    send: async (r) => {
      const data = form.check(r.OnboardingInput, {
        token,
        practiceName: v.practiceName,
        location: { name: v.locationName, timezone: v.timezone },
        firstName: v.firstName,
        lastName: v.lastName,
        password: v.password,
      });
      if (!data) return undefined;
      const problems = newPasswordErrors(v, { email: link.email, firstName: v.firstName, lastName: v.lastName });
      if (problems) return void form.setErrors(problems);
      return r.completeOnboardingRequest(data);
    },
  });

  if (linkGone) return <LinkFailed message={SIGN_IN_MESSAGES.linkInvalid} again={{ to: '/onboarding', label: 'Start again' }} />;
  return (
    <FrameForm onSubmit={submit}>
      <Typography>
        Your address <strong>{link.email}</strong> is confirmed. Tell us about your practice.
      </Typography>
      <TextInput label="Practice name" required autoFocus value={v.practiceName} onValueChange={(x) => form.set('practiceName', x)} error={e.practiceName} />
      <TextInput
        label="First location"
        required
        value={v.locationName}
        onValueChange={(x) => form.set('locationName', x)}
        error={e['location.name']}
        helperText="The clinic's name as clients know it; you can add more locations later"
      />
      <TimeZoneInput label="Its time zone" value={v.timezone} onChange={(x) => form.set('timezone', x)} error={e['location.timezone']} />
      <TextInput label="Your first name" required autoComplete="given-name" value={v.firstName} onValueChange={(x) => form.set('firstName', x)} error={e.firstName} />
      <TextInput label="Your last name" required autoComplete="family-name" value={v.lastName} onValueChange={(x) => form.set('lastName', x)} error={e.lastName} />
      <NewPasswordFields values={v} errors={e} onChange={form.set} email={link.email} />
      <Button type="submit" variant="contained" size="large" loading={saving}>
        Create practice
      </Button>
    </FrameForm>
  );
}

function InvitationForm({ token, link }: { token: string; link: TokenDescription }) {
  const form = useFormState({ firstName: link.firstName ?? '', lastName: link.lastName ?? '', password: '', confirmPassword: '' });
  const v = form.values;
  const e = form.errors;
  const { saving, linkGone, submit } = useLinkFormSubmit({
    title: 'Error joining the practice',
    showServerError: form.showServerError,
    send: async (r) => {
      const data = form.check(r.AcceptInvitationInput, { token, firstName: v.firstName, lastName: v.lastName, password: v.password });
      if (!data) return undefined;
      const problems = newPasswordErrors(v, { email: link.email, firstName: v.firstName, lastName: v.lastName });
      if (problems) return void form.setErrors(problems);
      return r.acceptInvitationRequest(data);
    },
  });

  if (linkGone) return <LinkFailed message={SIGN_IN_MESSAGES.linkInvalid} again={{ to: '/login', label: 'Back to sign in' }} />;
  return (
    <FrameForm onSubmit={submit}>
      <Typography>
        You are invited to join <strong>{link.accountName ?? 'your practice'}</strong> as <strong>{link.email}</strong>. Check your name and choose a password.
      </Typography>
      <TextInput label="First name" required autoComplete="given-name" value={v.firstName} onValueChange={(x) => form.set('firstName', x)} error={e.firstName} />
      <TextInput label="Last name" required autoComplete="family-name" value={v.lastName} onValueChange={(x) => form.set('lastName', x)} error={e.lastName} />
      <NewPasswordFields values={v} errors={e} onChange={form.set} email={link.email} autoFocus />
      <Button type="submit" variant="contained" size="large" loading={saving}>
        Join and sign in
      </Button>
    </FrameForm>
  );
}
