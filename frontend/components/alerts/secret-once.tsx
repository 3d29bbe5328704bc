'use client';

import { useState } from 'react';
import styles from './alerts.module.css';

/** A webhook endpoint's signing secret, shown this once: the server keeps no way to show it again. */
export function SecretOnce({ secret }: { secret: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="alert alert-warning" role="status" data-testid="webhook-secret">
      <div className={`stack ${styles.secretBody}`}>
        <p>
          <strong>Signing secret — copy it now.</strong> It is shown this once; receivers verify each request’s{' '}
          <code>webhook-signature</code> with it.
        </p>
        <div className={styles.secret}>
          <code data-testid="webhook-secret-value">{secret}</code>
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => {
              void navigator.clipboard?.writeText(secret).then(() => setCopied(true));
            }}
          >
            {copied ? 'Copied' : 'Copy'}
          </button>
        </div>
      </div>
    </div>
  );
}
