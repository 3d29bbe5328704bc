import * as Sentry from '@sentry/nextjs';
import { bffUrl } from './lib/bff-url';
import { dropNavigationSignals } from './lib/navigation-signal';

// Server-side Sentry: active only with SENTRY_DSN. Trace headers go only to our own BFF.
export async function register() {
  const dsn = process.env.SENTRY_DSN;
  if (!dsn) return;
  const bffOrigin = new URL(bffUrl()).origin;
  Sentry.init({
    dsn,
    environment: process.env.SENTRY_ENVIRONMENT ?? process.env.NODE_ENV,
    tracesSampleRate: Number(process.env.SENTRY_TRACES_SAMPLE_RATE ?? '1'),
    tracePropagationTargets: [bffOrigin],
    beforeSend: dropNavigationSignals,
  });
}

// Errors thrown while rendering server components / route handlers (Next calls this hook).
export const onRequestError = Sentry.captureRequestError;
