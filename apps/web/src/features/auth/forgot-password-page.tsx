import { Link as RouterLink, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { EmailLinkForm } from './email-link-form';

/** Asks for the address to send a reset link to; the answer is the same whoever it belongs to. */
export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [searchParams] = useSearchParams();
  return (
    <EmailLinkForm
      subtitle="Set a new password"
      intro="Enter the email address you sign in with, and we will email you a link to set a new password."
      autoComplete="username"
      initialEmail={searchParams.get('email') ?? ''}
      request={(r) => ({ schema: r.ForgotPasswordInput, send: (email) => r.forgotPasswordRequest({ email }) })}
      footer={<RouterLink to="/login">Back to sign in</RouterLink>}
    />
  );
}
