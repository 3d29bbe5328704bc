'use client';

import { useState, type FormEvent } from 'react';
import { FieldError, FormError } from '@/components/ui/form-error';
import { isApiError } from '@/lib/api-error';
import { api, unwrap } from '@/lib/api.client';

function throttledMessage(retryAfterSeconds: number | undefined): string {
  if (!retryAfterSeconds) return 'Too many failed sign-in attempts. Please wait a few minutes before trying again.';
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = retryAfterSeconds < 90 ? `${retryAfterSeconds} seconds` : `${minutes} minutes`;
  return `Too many failed sign-in attempts. Please wait ${wait} before trying again.`;
}

export function LoginForm({ next }: { next: string }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    setFieldErrors({});
    try {
      await unwrap(
        api.POST('/api/auth/login', {
          body: { email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') },
        }),
      );
      // A full page load: every server-rendered part (and the new cookies) starts fresh. A client-side
      // replace + refresh raced with the layout's must-change-password redirect and looped.
      window.location.assign(next);
    } catch (err) {
      setPending(false);
      if (!isApiError(err)) {
        setError('Sign-in failed. Please try again.');
      } else if (err.status === 429) {
        setError(throttledMessage(err.retryAfterSeconds));
      } else if (err.status === 401) {
        setError('The e-mail address or password is incorrect.');
      } else {
        setFieldErrors(err.fieldErrors());
        setError(err.issues.length > 0 ? 'Please correct the highlighted fields.' : err.message);
      }
    }
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-describedby={error ? 'login-error' : undefined}>
      <div id="login-error">
        <FormError message={error} testId="login-error" />
      </div>
      <div className="field">
        <label htmlFor="email">E-mail address</label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          required
          autoFocus
          className="input"
          aria-invalid={fieldErrors.email ? true : undefined}
          aria-describedby={fieldErrors.email ? 'email-error' : undefined}
          data-testid="login-email"
        />
        <FieldError id="email-error" message={fieldErrors.email} />
      </div>
      <div className="field">
        <label htmlFor="password">Password</label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          className="input"
          aria-invalid={fieldErrors.password ? true : undefined}
          aria-describedby={fieldErrors.password ? 'password-error' : undefined}
          data-testid="login-password"
        />
        <FieldError id="password-error" message={fieldErrors.password} />
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={pending} data-testid="login-submit">
        {pending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
