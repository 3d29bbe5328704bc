import type * as SentrySdk from '@sentry/nextjs';
import type { Instrumentation } from 'next';
import { bffUrl } from './lib/bff-url';
import { dropNavigationSignals } from './lib/navigation-signal';

// Node's own require, which webpack leaves as it is.
declare const __non_webpack_require__: NodeJS.Require;

/**
 * Sentry's SDK, loaded only when SENTRY_DSN is set. It is required past webpack: Next.js requires at
 * start every module its loaded server chunks name, so any webpack import of the SDK here would load
 * Sentry and OpenTelemetry (~700 modules) into every frontend server.
 */
function sentry(): typeof SentrySdk {
  return __non_webpack_require__('@sentry/nextjs') as typeof SentrySdk;
}

/**
 * Whether this copy runs on Node. Next.js also builds this file for the edge runtime, where only the
 * middleware runs (it sets headers and cannot fail on a user's input). Bundling Sentry's edge SDK
 * there was a third of a first build's CPU, which a new user's first `npm start` waits for, so
 * Sentry reports from Node only.
 */
function onNode(): boolean {
  return process.env.NEXT_RUNTIME === 'nodejs';
}

// Server-side Sentry: active only with SENTRY_DSN. Trace headers go only to our own BFF.
export async function register() {
  const dsn = process.env.SENTRY_DSN;
  if (!dsn || !onNode()) return;
  const Sentry = sentry();
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
  if (!process.env.SENTRY_DSN || !onNode()) return;
  sentry().captureRequestError(...args);
};
