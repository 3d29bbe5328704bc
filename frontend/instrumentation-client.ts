import * as Sentry from '@sentry/nextjs';
import { setErrorReporter } from './lib/error-reporter';
import { dropNavigationSignals } from './lib/navigation-signal';

// Browser Sentry: active only with NEXT_PUBLIC_SENTRY_DSN; events go through the /monitoring tunnel
// (withSentryConfig), trace headers only on same-origin relative requests (never `//host`).
const dsn = process.env.NEXT_PUBLIC_SENTRY_DSN;
if (dsn) {
  Sentry.init({
    dsn,
    environment: process.env.NEXT_PUBLIC_SENTRY_ENVIRONMENT ?? process.env.NODE_ENV,
    tracesSampleRate: Number(process.env.NEXT_PUBLIC_SENTRY_TRACES_SAMPLE_RATE ?? '1'),
    tracePropagationTargets: [/^\/(?!\/)/],
    beforeSend: dropNavigationSignals,
  });
  setErrorReporter((error) => Sentry.captureException(error));
}

export const onRouterTransitionStart = Sentry.captureRouterTransitionStart;
