'use client';
import { useState } from 'react';
import { ApiClientError } from '@/lib/api/client';
import { useApiMutation } from '@/components/query/use-api-mutation';
import type { ServerErrorTarget } from '@/components/forms/server-errors';
import { BankIdDialog } from './bankid-dialog';
import { PasswordPrompt } from './password-prompt';

type Options<V, R> = {
  /** STRICT without BankID: the password is asked before the first send (SPEC §4 "Profile save"). */
  askPassword: boolean;
  send: (values: V) => Promise<R>;
  form: ServerErrorTarget;
  success: string;
  onSaved: (saved: R, values: V) => void;
};

/**
 * A save a STRICT user confirms (SPEC §4 "Profile save" and "Payout save"): with the password, or,
 * when the API asks for BankID (403 profile.bankidRequired), with a BankID sign-in after which the
 * same values are sent again. `request(values)` starts it; render `dialogs` beside the form.
 */
export function useConfirmedSave<V extends { password?: string }, R>({ askPassword, send, form, success, onSaved }: Options<V, R>) {
  const [pending, setPending] = useState<{ values: V; ask: 'password' | 'bankid' } | null>(null);
  const save = useApiMutation({
    mutationFn: send,
    form,
    success,
    refresh: true,
    quiet: (error) => error instanceof ApiClientError && error.code === 'profile.bankidRequired',
    onSuccess: (saved, values) => {
      setPending(null);
      onSaved(saved, values);
    },
    onError: (error, values) => {
      if (error instanceof ApiClientError && error.code === 'profile.bankidRequired') setPending({ values, ask: 'bankid' });
      // A wrong password is shown in the prompt; the prompt stays open.
      else if (error instanceof ApiClientError && error.errors.some((e) => e.field === 'password')) setPending({ values, ask: 'password' });
      else setPending(null);
    },
  });
  const passwordError = save.error instanceof ApiClientError ? save.error.errors.find((e) => e.field === 'password')?.message : undefined;
  const request = (values: V) => (askPassword ? setPending({ values, ask: 'password' }) : save.mutate(values));
  const dialogs = (
    <>
      <PasswordPrompt
        open={pending?.ask === 'password'}
        error={passwordError}
        busy={save.isPending}
        onCancel={() => setPending(null)}
        onConfirm={(password) => pending && save.mutate({ ...pending.values, password })}
      />
      {pending?.ask === 'bankid' ? <BankIdDialog onCancel={() => setPending(null)} onSignedIn={() => save.mutate(pending.values)} /> : null}
    </>
  );
  return { request, dialogs, isPending: save.isPending, isSuccess: save.isSuccess };
}
