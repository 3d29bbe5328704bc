'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { FieldError, FormError } from '@/components/ui/form-error';
import { isApiError } from '@/lib/api-error';
import { api, unwrap } from '@/lib/api.client';

export function ProfileForm({ name }: { name: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    setPending(true);
    setError(null);
    setFieldErrors({});
    setSaved(false);
    try {
      await unwrap(api.PATCH('/api/me', { body: { name: value } }));
      setSaved(true);
      router.refresh();
    } catch (err) {
      if (isApiError(err)) {
        setFieldErrors(err.fieldErrors());
        if (err.issues.length === 0) setError(err.message);
      } else setError('Your name could not be saved.');
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Profile">
      <FormError message={error} />
      <div className="field">
        <label htmlFor="profile-name">Name</label>
        <input
          id="profile-name"
          name="name"
          className="input"
          defaultValue={name}
          autoComplete="name"
          required
          aria-invalid={fieldErrors.name ? true : undefined}
          aria-describedby={fieldErrors.name ? 'profile-name-error' : undefined}
          data-testid="profile-name"
          onChange={() => setSaved(false)}
        />
        <FieldError id="profile-name-error" message={fieldErrors.name} />
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={pending} data-testid="profile-save">
          {pending ? 'Saving…' : 'Save name'}
        </button>
        {saved ? (
          <span role="status" className="muted">
            Saved.
          </span>
        ) : null}
      </div>
    </form>
  );
}
