'use client';

import { useState } from 'react';
import { CheckIcon } from '@/components/icons';
import { FormError } from '@/components/ui/form-error';
import { isApiError } from '@/lib/api-error';
import { api, unwrap } from '@/lib/api.client';

/** The one click: POST /api/unsubscribe with the RFC 8058 form body, as a mail client would send it. */
export function UnsubscribeButton({ token, alreadyDone }: { token: string; alreadyDone: boolean }) {
  const [done, setDone] = useState(alreadyDone);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function unsubscribe() {
    setPending(true);
    setError(null);
    try {
      await unwrap(
        api.POST('/api/unsubscribe', {
          params: { query: { token } },
          body: { 'List-Unsubscribe': 'One-Click' },
          bodySerializer: (body) => new URLSearchParams(body).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      );
      setDone(true);
    } catch (err) {
      setError(isApiError(err) ? err.message : 'That did not work; try again.');
    }
    setPending(false);
  }

  if (done) {
    return (
      <div className="alert alert-success" role="status" data-testid="unsubscribe-done">
        <CheckIcon />
        <p>You are unsubscribed: this alert sends you no more e-mail.</p>
      </div>
    );
  }
  return (
    <div className="stack">
      <FormError message={error} />
      <button
        type="button"
        className="btn btn-primary btn-block"
        onClick={unsubscribe}
        disabled={pending}
        data-testid="unsubscribe-confirm"
      >
        {pending ? 'Unsubscribing…' : 'Unsubscribe from this alert’s e-mail'}
      </button>
    </div>
  );
}
