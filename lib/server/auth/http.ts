import 'server-only';
import { z } from 'zod';

// Request bodies and responses of the account routes (app/api/account/*).

const EMAIL_MESSAGE = 'Enter a valid email address, such as ana@example.com.';

export const credentialsSchema = z.object({
  // Checked here, so a malformed address is a 400 in words before better-auth sees it.
  email: z
    .string()
    .trim()
    .min(1, EMAIL_MESSAGE)
    .max(320, 'An email address has at most 320 characters.')
    .pipe(z.email(EMAIL_MESSAGE)),
  password: z.string().min(1).max(1024),
  name: z.string().max(200).optional(),
});

export const signOutSchema = z.object({ everywhere: z.boolean().optional() });

const emailField = z
  .string()
  .trim()
  .min(1, EMAIL_MESSAGE)
  .max(320, 'An email address has at most 320 characters.')
  .pipe(z.email(EMAIL_MESSAGE));
const newPassword = z.string().min(1, 'Choose a new password.').max(1024);

export const forgotSchema = z.object({ email: emailField });
export const resetSchema = z.object({ token: z.string().min(1).max(200), password: newPassword });
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Enter your current password.').max(1024),
  newPassword,
});
export const emptySchema = z.object({}).strict();

export const ACCOUNT_BODY_BYTES = 4096;

/** JSON with better-auth's Set-Cookie headers; never cached. */
export function withCookies(body: unknown, cookies: string[], status = 200): Response {
  const headers = new Headers({ 'cache-control': 'no-store' });
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return Response.json(body, { status, headers });
}
