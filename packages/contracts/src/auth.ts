import { z } from 'zod';
import { operation, publicAccess } from './operation.js';
import { emailField, OkResponse, wrapped } from './rules.js';
import { Profile } from './profile.js';

export const LoginInput = z.object({
  email: emailField(),
  password: z.string().min(1, 'is required').max(256),
});
export type LoginInput = z.infer<typeof LoginInput>;
export const login = operation({
  method: 'POST',
  path: '/api/auth/login',
  access: publicAccess,
  tag: 'auth',
  summary: 'Sign in with email and password; sets the x-access-token cookie',
  body: wrapped(LoginInput),
  response: Profile,
});

export const logout = operation({
  method: 'POST',
  path: '/api/auth/logout',
  access: publicAccess,
  tag: 'auth',
  summary: 'Sign out: revokes the session and clears the cookie',
  response: OkResponse,
});
