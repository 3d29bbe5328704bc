import type { Instrumentation } from 'next';
import type * as SentrySdk from '@sentry/nextjs';
import { bffUrl } from './lib/bff-url';
import { dropNavigationSignals } from './lib/navigation-signal';

// Node's own require, which webpack leaves as it is.
declare const __non_webpack_require__: NodeJS.Require;

/**
 * Sentry's SDK, loaded only when SENTRY_DSN is set. On Node it is required past webpack: Next.js
 * requires at start every module its loaded server chunks name, so any webpack import of the SDK
 * here would load Sentry and OpenTelemetry (~700 modules) into every frontend server (issue 15 goal 5).
 */
async function sentry(): Promise<typeof SentrySdk> {
  if (process.env.NEXT_RUNTIME === 'edge') return import('@sentry/nextjs');
  return __non_webpack_require__('@sentry/nextjs') as typeof SentrySdk;
}

// Server-side Sentry: active only with SENTRY_DSN. Trace headers go only to our own BFF.
export async function register() {
  const dsn = process.env.SENTRY_DSN;
  if (!dsn) return;
  const Sentry = await sentry();
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
export const onRequestError: Instrumentation.onRequestError = async (...args) => {
  if (!process.env.SENTRY_DSN) return;
  (await sentry()).captureRequestError(...args);
};
