import {
  acceptInvitation,
  AcceptInvitationInput,
  completeOnboarding,
  describeToken,
  forgotPassword,
  ForgotPasswordInput,
  login,
  LoginInput,
  logout,
  OnboardingInput,
  requestSignInEmail,
  resetPassword,
  ResetPasswordInput,
  signInWithMagicLink,
  startOnboarding,
  StartOnboardingInput,
  verifySignInCode,
  VerifyCodeInput,
} from '@willow/contracts';
import type { DescribeTokenInput, LoginMethod } from '@willow/contracts';
import { api } from '../../lib/http-client';

// The sign-in pages load this (the contracts and their schemas) when a person starts using a
// form, not to draw it: the pages' first load stays small (docs/decisions/0038).

export { AcceptInvitationInput, ForgotPasswordInput, LoginInput, OnboardingInput, ResetPasswordInput, StartOnboardingInput, VerifyCodeInput };

export const signInRequest = (data: LoginInput) => api(login, { body: { data } });

export const signOutRequest = () => api(logout);

export const signInEmailRequest = (email: string, method: LoginMethod) => api(requestSignInEmail, { body: { data: { email, method } } });

export const verifyCodeRequest = (data: VerifyCodeInput) => api(verifySignInCode, { body: { data } });

export const magicLinkRequest = (token: string) => api(signInWithMagicLink, { body: { data: { token } } });

export const forgotPasswordRequest = (data: ForgotPasswordInput) => api(forgotPassword, { body: { data } });

export const resetPasswordRequest = (data: ResetPasswordInput) => api(resetPassword, { body: { data } });

export const describeTokenRequest = (data: DescribeTokenInput) => api(describeToken, { body: { data } });

export const startOnboardingRequest = (email: string) => api(startOnboarding, { body: { data: { email } } });

export const completeOnboardingRequest = (data: OnboardingInput) => api(completeOnboarding, { body: { data } });

export const acceptInvitationRequest = (data: AcceptInvitationInput) => api(acceptInvitation, { body: { data } });
