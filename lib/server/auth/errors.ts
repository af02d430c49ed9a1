import 'server-only';
import { APIError } from 'better-auth/api';
import { AppError } from '@/lib/server/errors';
import { NOT_ALLOWED_MESSAGE } from '@/lib/server/config/allowed-emails';
import { DISABLED_MESSAGE } from './disabled';

// better-auth's refusals in Parley's one error shape, in words a person can act on.

export const WRONG_PASSWORD = 'Wrong email or password.';
export const LINK_USED =
  'This link has expired or was already used. Ask for a new one: "Forgot password?" on the sign-in page.';

const MESSAGES: Record<string, [code: string, message: string]> = {
  INVALID_EMAIL_OR_PASSWORD: ['unauthorized', WRONG_PASSWORD],
  INVALID_PASSWORD: ['unauthorized', WRONG_PASSWORD],
  USER_ALREADY_EXISTS: ['conflict', 'An account with this email already exists. Sign in instead.'],
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: [
    'conflict',
    'An account with this email already exists. Sign in instead.',
  ],
  INVALID_EMAIL: ['bad_request', 'Enter a valid email address.'],
  PASSWORD_TOO_SHORT: ['bad_request', 'Use a password of at least 8 characters.'],
  PASSWORD_TOO_LONG: ['bad_request', 'Use a password of at most 256 characters.'],
  EMAIL_NOT_ALLOWED: ['forbidden', NOT_ALLOWED_MESSAGE],
  ACCOUNT_DISABLED: ['account_disabled', DISABLED_MESSAGE],
  INVALID_TOKEN: ['bad_request', LINK_USED],
  TOKEN_EXPIRED: ['bad_request', LINK_USED],
  CREDENTIAL_ACCOUNT_NOT_FOUND: [
    'bad_request',
    'This account signs in with single sign-on and has no password to change.',
  ],
  EMAIL_ALREADY_VERIFIED: ['bad_request', 'Your email address is already confirmed.'],
};

export function isWrongPassword(error: unknown): boolean {
  return error instanceof AppError && error.message === WRONG_PASSWORD;
}

export function authError(error: unknown): AppError | undefined {
  if (!(error instanceof APIError)) return undefined;
  const body = (error.body ?? {}) as { code?: string; message?: string };
  const known = MESSAGES[(body.code ?? '').toUpperCase()];
  if (known) {
    return new AppError(known[0], known[1], {
      details: { reason: (body.code ?? '').toLowerCase() },
    });
  }
  if (error.statusCode === 403) return new AppError('forbidden', body.message ?? 'Not allowed.');
  if (error.statusCode === 401) return new AppError('unauthorized', 'Sign in again to continue.');
  return new AppError('bad_request', body.message ?? 'The account request was refused.');
}
