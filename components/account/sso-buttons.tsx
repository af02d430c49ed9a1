'use client';
import { buttonClass } from '@/components/ui/styles';
import { useAccountStatus, useSso } from '@/lib/queries/account';
import { ApiError } from '@/lib/queries/fetch-json';

/** "Continue with …" for each single sign-on provider the server has configured (else nothing). */
export function SsoButtons() {
  const { data } = useAccountStatus();
  const sso = useSso();
  const providers = data?.providers ?? [];
  if (providers.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      {providers.map((provider) => (
        <button
          key={provider.id}
          type="button"
          className={`${buttonClass} py-2`}
          disabled={sso.isPending}
          onClick={() => sso.mutate(provider.id)}
        >
          Continue with {provider.name}
        </button>
      ))}
      {sso.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {sso.error instanceof ApiError ? sso.error.message : 'Could not reach Parley. Try again.'}
        </p>
      ) : null}
      <p className="text-center text-xs text-zinc-600 dark:text-zinc-400">or with email</p>
    </div>
  );
}
