import 'server-only';
import type { z } from 'zod';
import { isHttpUrl, optionalText } from '@/lib/server/config/values';

// Single sign-on providers (configuration): a generic OpenID Connect provider (issuer URL,
// client id and secret: Google, Microsoft Entra, Keycloak, Authentik, Okta…) and GitHub. A
// provider without all of its variables is off, and its button does not show.

export interface SsoProvider {
  /** better-auth's provider id: 'oidc' or 'github'. */
  id: 'oidc' | 'github';
  /** The button's name: "Continue with {name}". */
  name: string;
  clientId: string;
  clientSecret: string;
  /** OIDC only: the issuer URL (its /.well-known/openid-configuration is read). */
  issuer?: string;
}

export const ssoEnvShape = {
  OIDC_ISSUER_URL: optionalText.refine((v) => v === undefined || isHttpUrl(v), {
    error: (issue) =>
      `OIDC_ISSUER_URL must be the provider's issuer URL, such as https://accounts.google.com or https://auth.example.com/realms/team (got ${JSON.stringify(issue.input)})`,
  }),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_NAME: optionalText,
  GITHUB_CLIENT_ID: optionalText,
  GITHUB_CLIENT_SECRET: optionalText,
};

type SsoEnv = z.infer<z.ZodObject<typeof ssoEnvShape>>;

/** The configured providers; a half-configured one is an error naming what is missing. */
export function ssoProvidersFrom(e: SsoEnv): {
  providers: SsoProvider[];
  error: { variable: string; message: string } | null;
} {
  const providers: SsoProvider[] = [];
  const oidc = [e.OIDC_ISSUER_URL, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET];
  if (oidc.some(Boolean)) {
    if (!oidc.every(Boolean)) {
      return {
        providers,
        error: {
          variable: 'OIDC_ISSUER_URL',
          message:
            'OpenID Connect needs all of OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET (or none of them to turn it off)',
        },
      };
    }
    providers.push({
      id: 'oidc',
      name: e.OIDC_NAME ?? 'single sign-on',
      issuer: (e.OIDC_ISSUER_URL ?? '').replace(/\/+$/, ''),
      clientId: e.OIDC_CLIENT_ID ?? '',
      clientSecret: e.OIDC_CLIENT_SECRET ?? '',
    });
  }
  if (e.GITHUB_CLIENT_ID || e.GITHUB_CLIENT_SECRET) {
    if (!e.GITHUB_CLIENT_ID || !e.GITHUB_CLIENT_SECRET) {
      return {
        providers,
        error: {
          variable: 'GITHUB_CLIENT_ID',
          message: 'GitHub sign-in needs both GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET',
        },
      };
    }
    providers.push({
      id: 'github',
      name: 'GitHub',
      clientId: e.GITHUB_CLIENT_ID,
      clientSecret: e.GITHUB_CLIENT_SECRET,
    });
  }
  return { providers, error: null };
}
