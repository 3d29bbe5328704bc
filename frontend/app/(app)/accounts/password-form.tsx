'use client';

import { useRouter } from 'next/navigation';
import { useRef, useState, type FormEvent } from 'react';
import { CheckIcon } from '@/components/icons';
import { FieldError, FormError } from '@/components/ui/form-error';
import { isApiError } from '@/lib/api-error';
import { api, unwrap } from '@/lib/api.client';

const MIN_LENGTH = 12;

export function PasswordForm() {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [changed, setChanged] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const currentPassword = String(form.get('currentPassword') ?? '');
    const newPassword = String(form.get('newPassword') ?? '');
    const confirm = String(form.get('confirmPassword') ?? '');
    setError(null);
    setChanged(false);
    const local: Record<string, string> = {};
    if (!currentPassword) local.currentPassword = 'Enter your current password.';
    if (newPassword.length < MIN_LENGTH) local.newPassword = `Use at least ${MIN_LENGTH} characters.`;
    if (confirm !== newPassword) local.confirmPassword = 'The two new passwords are not the same.';
    setFieldErrors(local);
    if (Object.keys(local).length > 0) return;

    setPending(true);
    try {
      await unwrap(api.POST('/api/me/password', { body: { currentPassword, newPassword } }));
      formRef.current?.reset();
      setChanged(true);
      router.refresh();
    } catch (err) {
      if (isApiError(err)) {
        const issues = err.fieldErrors();
        setFieldErrors(issues);
        if (Object.keys(issues).length === 0) setError(err.message);
      } else setError('Your password could not be changed.');
    } finally {
      setPending(false);
    }
  }

  const describedBy = (name: string) =>
    fieldErrors[name] ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {};

  return (
    <form ref={formRef} className="form" onSubmit={onSubmit} noValidate aria-label="Change password">
      <FormError message={error} />
      {changed ? (
        <div className="alert alert-success" role="status">
          <CheckIcon />
          <p>Your password has been changed.</p>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="currentPassword">Current password</label>
        <input
          id="currentPassword"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          className="input"
          data-testid="current-password"
          {...describedBy('currentPassword')}
        />
        <FieldError id="currentPassword-error" message={fieldErrors.currentPassword} />
      </div>
      <div className="field">
        <label htmlFor="newPassword">New password</label>
        <input
          id="newPassword"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          minLength={MIN_LENGTH}
          className="input"
          data-testid="new-password"
          {...describedBy('newPassword')}
        />
        <FieldError id="newPassword-error" message={fieldErrors.newPassword} />
      </div>
      <div className="field">
        <label htmlFor="confirmPassword">Repeat the new password</label>
        <input
          id="confirmPassword"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          className="input"
          data-testid="confirm-password"
          {...describedBy('confirmPassword')}
        />
        <FieldError id="confirmPassword-error" message={fieldErrors.confirmPassword} />
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={pending} data-testid="password-submit">
          {pending ? 'Changing…' : 'Change password'}
        </button>
      </div>
    </form>
  );
}
