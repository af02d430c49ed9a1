import 'server-only';
import { AppError, notFound } from '@/lib/server/errors';
import { originOf, sameOriginPath } from '@/lib/server/auth/return-path';
import { getAuth } from './auth';
import { authError } from './errors';
import { ssoProviders } from './options';

// Starting a single sign-on (POST /api/account/sso): better-auth makes the provider's
// authorization URL (with state and PKCE, kept in a cookie it sets) and the browser goes there.
// The provider sends it back to /api/auth/callback/{provider} (app/api/auth/callback/).

export async function startSso(input: {
  provider: string;
  returnTo?: string;
  headers: Headers;
}): Promise<{ url: string; cookies: string[] }> {
  if (!ssoProviders().some((p) => p.id === input.provider)) {
    throw notFound('This sign-in method is not configured.');
  }
  const auth = await getAuth();
  try {
    const result = await auth.api.signInSocial({
      body: {
        provider: input.provider,
        // The path the browser returns to after signing in: this site only.
        callbackURL: sameOriginPath(input.returnTo, originOf(input.headers)),
        errorCallbackURL: '/sign-in',
        disableRedirect: true,
      },
      headers: input.headers,
      returnHeaders: true,
    });
    const url = (result.response as { url?: string }).url;
    if (!url) throw new AppError('bad_request', 'This sign-in method is not available.');
    return { url, cookies: result.headers.getSetCookie() };
  } catch (error) {
    throw authError(error) ?? error;
  }
}
