'use client';
import { type FormEvent, useId } from 'react';
import {
  buttonClass,
  linkClass,
  mutedTextClass,
  primaryButtonClass,
  sectionTitleClass,
} from '@/components/ui/styles';
import { useAccountStatus } from '@/lib/queries/account';
import { problemOf, useChangePassword, useResendVerification } from '@/lib/queries/account-forms';
import { FormMessage, PasswordField } from './password-field';

const METHOD_NAMES = { password: 'Email and password', oidc: 'Single sign-on', github: 'GitHub' };

/** The account page: the address and whether it is confirmed, how one signs in, the password. */
export function AccountPanel({ arrival }: { arrival: string | null }) {
  const { data, isPending } = useAccountStatus();
  if (isPending) return <p className={mutedTextClass}>Loading…</p>;
  const account = data?.account;
  if (!account) {
    return (
      <div className="flex flex-col gap-3">
        {data?.notice ? (
          <p role="alert" className="text-sm">
            {data.notice}
          </p>
        ) : null}
        {arrival ? (
          <p role="status" className="text-sm">
            {arrival}
          </p>
        ) : null}
        <a href="/sign-in" className={linkClass}>
          Sign in
        </a>
      </div>
    );
  }
  const providers = account.methods.map(
    (m) => data.providers.find((p) => p.id === m)?.name ?? METHOD_NAMES[m],
  );
  return (
    <div className="flex flex-col gap-6">
      {arrival ? (
        <p role="status" className="text-sm">
          {arrival}
        </p>
      ) : null}
      <section className="flex flex-col gap-2" aria-labelledby="account-address">
        <h2 id="account-address" className={sectionTitleClass}>
          Email address
        </h2>
        <p className="text-sm">
          {account.email}{' '}
          <span className={mutedTextClass}>
            {account.emailVerified ? '(confirmed)' : '(not confirmed yet)'}
          </span>
        </p>
        {account.emailVerified ? null : (
          <Unconfirmed mustVerify={account.mustVerify} canSend={data.passwordReset} />
        )}
      </section>
      <section className="flex flex-col gap-2" aria-labelledby="account-methods">
        <h2 id="account-methods" className={sectionTitleClass}>
          How you sign in
        </h2>
        <ul className="list-disc pl-5 text-sm">
          {providers.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      </section>
      {account.methods.includes('password') ? <ChangePassword /> : null}
    </div>
  );
}

function Unconfirmed({ mustVerify, canSend }: { mustVerify: boolean; canSend: boolean }) {
  const resend = useResendVerification();
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm">
        {mustVerify
          ? 'This Parley lets only confirmed addresses chat: open the link we sent you.'
          : 'Open the link we sent you to confirm that this address is yours.'}
      </p>
      {canSend ? (
        <button
          type="button"
          className={`${buttonClass} self-start`}
          disabled={resend.isPending}
          onClick={() => resend.mutate()}
        >
          Send the link again
        </button>
      ) : null}
      <FormMessage
        id="resend-message"
        error={problemOf(resend.error)}
        done={resend.data?.message}
      />
    </div>
  );
}

function ChangePassword() {
  const id = useId();
  const change = useChangePassword();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    change.mutate(
      {
        currentPassword: String(data.get('current') ?? ''),
        newPassword: String(data.get('new') ?? ''),
      },
      { onSuccess: () => form.reset() },
    );
  }
  return (
    <section className="flex flex-col gap-3" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={sectionTitleClass}>
        Change password
      </h2>
      <form onSubmit={submit} className="flex flex-col gap-3">
        <PasswordField
          id={`${id}-current`}
          name="current"
          label="Current password"
          autoComplete="current-password"
        />
        <PasswordField
          id={`${id}-new`}
          name="new"
          label="New password"
          autoComplete="new-password"
          hint="At least 8 characters. Every other browser signed in to this account is signed out."
        />
        <FormMessage
          id={`${id}-message`}
          error={problemOf(change.error)}
          done={
            change.isSuccess ? 'Your password is changed. Other browsers are signed out.' : null
          }
        />
        <button
          type="submit"
          disabled={change.isPending}
          className={`${primaryButtonClass} self-start py-2`}
        >
          {change.isPending ? 'Please wait…' : 'Change password'}
        </button>
      </form>
    </section>
  );
}
