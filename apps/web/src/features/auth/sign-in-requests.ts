import { login, LoginInput, logout } from '@willow/contracts';
import { api } from '../../lib/http-client';

// The sign-in page loads this (the contracts and their schemas) when a person starts using the
// form, not to draw it: the page's first load stays small (docs/decisions/0038).

export { LoginInput };

export const signInRequest = (data: LoginInput) => api(login, { body: { data } });

export const signOutRequest = () => api(logout);
