// Where the browser's error pages report an error: Sentry's captureException once
// instrumentation-client.ts has set it up (only with NEXT_PUBLIC_SENTRY_DSN), else nowhere.
// Error pages call this instead of importing Sentry, so the server bundle does not reference the SDK:
// Next.js requires every module of every page at start, and the SDK would cost the frontend server
// its whole Sentry and OpenTelemetry stack in memory for nothing.
type Reporter = (error: unknown) => void;

let reporter: Reporter | undefined;

export function setErrorReporter(report: Reporter): void {
  reporter = report;
}

export function reportError(error: unknown): void {
  reporter?.(error);
}
