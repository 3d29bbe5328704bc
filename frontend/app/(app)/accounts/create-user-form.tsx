'use client';

import { useRouter } from 'next/navigation';
import { useRef, useState, type FormEvent } from 'react';
import { CheckIcon } from '@/components/icons';
import { FieldError, FormError } from '@/components/ui/form-error';
import { isApiError } from '@/lib/api-error';
import { api, unwrap } from '@/lib/api.client';
import type { paths } from '@/lib/api/schema';
import type { Role } from '@/lib/types';
import styles from './accounts.module.css';

type Created = paths['/api/users']['post']['responses'][201]['content']['application/json'];

export function CreateUserForm() {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<Created | null>(null);
  const [copied, setCopied] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    setPending(true);
    setError(null);
    setFieldErrors({});
    setCreated(null);
    setCopied(false);
    try {
      const result = await unwrap(
        api.POST('/api/users', {
          body: {
            email: String(form.get('email') ?? '').trim(),
            name: String(form.get('name') ?? '').trim(),
            // the select offers the schema's roles; the BFF checks what arrives
            role: String(form.get('role') ?? 'member') as Role,
            ...(password ? { password } : {}),
          },
        }),
      );
      setCreated(result);
      formRef.current?.reset();
      router.refresh();
    } catch (err) {
      if (isApiError(err)) {
        setFieldErrors(err.fieldErrors());
        setError(err.issues.length > 0 ? 'Please correct the highlighted fields.' : err.message);
      } else setError('The user could not be created.');
    } finally {
      setPending(false);
    }
  }

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  const invalid = (name: string) =>
    fieldErrors[name] ? { 'aria-invalid': true, 'aria-describedby': `new-user-${name}-error` } : {};

  return (
    <form ref={formRef} className="form" onSubmit={onSubmit} noValidate aria-labelledby="create-user-heading">
      <h3 id="create-user-heading">Add a person</h3>
      <FormError message={error} />
      {created ? (
        <div className="alert alert-success" role="status" data-testid="created-user">
          <CheckIcon />
          <div>
            <p>
              <strong>{created.user.email}</strong> can now sign in.
            </p>
            {created.temporaryPassword ? (
              <>
                <p className="mt-2">
                  Temporary password (shown only once — pass it on securely; they choose their own at first sign-in):
                </p>
                <div className="row mt-2">
                  <code data-testid="temporary-password" className={styles.temporaryPassword}>
                    {created.temporaryPassword}
                  </code>
                  <button type="button" className="btn btn-sm" onClick={() => void copy(created.temporaryPassword!)}>
                    {copied ? 'Copied' : 'Copy'}
                  </button>
                </div>
              </>
            ) : null}
          </div>
        </div>
      ) : null}
      <div className={`form-grid ${styles.newUserGrid}`}>
        <div className="field">
          <label htmlFor="new-user-email">E-mail</label>
          <input id="new-user-email" name="email" type="email" className="input" required {...invalid('email')} />
        </div>
        <div className="field">
          <label htmlFor="new-user-name">Name</label>
          <input id="new-user-name" name="name" className="input" required {...invalid('name')} />
        </div>
        <div className="field">
          <label htmlFor="new-user-role">Role</label>
          <select id="new-user-role" name="role" className="select" defaultValue="member" {...invalid('role')}>
            <option value="member">Member</option>
            <option value="admin">Administrator</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="new-user-password">
            Password <span className="subtle">(optional)</span>
          </label>
          <input
            id="new-user-password"
            name="password"
            type="password"
            autoComplete="new-password"
            className="input"
            placeholder="Generate one"
            {...invalid('password')}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? 'Adding…' : 'Add person'}
        </button>
      </div>
      {Object.keys(fieldErrors).length > 0 ? (
        <div>
          {(['email', 'name', 'role', 'password'] as const).map((name) => (
            <FieldError key={name} id={`new-user-${name}-error`} message={fieldErrors[name]} />
          ))}
        </div>
      ) : null}
      <p className="subtle">
        Leave the password empty to generate a temporary one; the person must change it at first sign-in.
      </p>
    </form>
  );
}
