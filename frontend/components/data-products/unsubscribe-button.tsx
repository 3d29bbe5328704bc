'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { FormError } from '@/components/ui/form-error';
import { isApiError } from '@/lib/api-error';
import { api, unwrap } from '@/lib/api.client';

/** Ends a data subscription (after a confirmation), then shows the page without it. */
export function UnsubscribeButton({ subscriptionId, productName }: { subscriptionId: string; productName: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function unsubscribe() {
    if (!window.confirm(`Stop being told of new releases of “${productName}”?`)) return;
    setPending(true);
    setError(null);
    try {
      await unwrap(api.DELETE('/api/data-subscriptions/{subscriptionId}', { params: { path: { subscriptionId } } }));
      router.refresh();
    } catch (err) {
      setError(isApiError(err) ? err.message : 'The subscription could not be ended.');
      setPending(false);
    }
  }

  return (
    <div>
      <button
        type="button"
        className="btn btn-sm btn-danger"
        disabled={pending}
        onClick={() => void unsubscribe()}
        data-testid="unsubscribe"
      >
        {pending ? 'Unsubscribing…' : 'Unsubscribe'}
      </button>
      <FormError message={error} />
    </div>
  );
}
