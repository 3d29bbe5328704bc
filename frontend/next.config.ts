import type { NextConfig } from 'next';
import { withSentryConfig } from '@sentry/nextjs/config';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Lets a second build (e.g. a preview next to `npm start`'s) live in its own directory.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  reactStrictMode: true,
  // Linting is done once for the whole monorepo by the root eslint config (`npx eslint frontend`).
  eslint: { ignoreDuringBuilds: true },
  // Likewise types: `npm run typecheck` covers the frontend; checking again here would add a minute
  // to every build on a 2-core machine.
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // forbidden(): an administrators' page answers a member with HTTP 403 and app/(app)/forbidden.tsx.
    authInterrupts: true,
    // The build is what a first `npm start` waits for (issue 15). On 2 cores: compile the server and
    // the browser bundles at the same time (each in its own worker) instead of one after the other,
    // and do not minify server code nobody downloads. 145 -> 90 CPU-s with the externals below.
    webpackBuildWorker: true,
    parallelServerCompiles: true,
    parallelServerBuildTraces: true,
    serverMinification: false,
  },
  // Sentry's server SDK and OpenTelemetry were half of the modules webpack built (once per server
  // layer); on the server they are plain Node packages, so they are required from node_modules.
  serverExternalPackages: [
    '@sentry/nextjs', '@sentry/node', '@sentry/node-core', '@sentry/core', '@sentry/opentelemetry',
    '@opentelemetry/api', '@opentelemetry/core', '@opentelemetry/sdk-trace-base', '@opentelemetry/instrumentation',
  ],
};

export default withSentryConfig(nextConfig, {
  // Sentry's loaders wrap every page, layout, route handler and the middleware (a Rollup pass per
  // file): ~12 of a first build's ~80 CPU-s (issue 15). Errors thrown there still reach Sentry
  // through instrumentation.ts's onRequestError, and its server SDK records Next.js's own
  // OpenTelemetry spans of each request; only the wrappers' extra spans are gone.
  autoInstrumentServerFunctions: false,
  autoInstrumentMiddleware: false,
  autoInstrumentAppDirectory: false,
  // Browser events go through our own origin, so ad-blockers and CSP do not drop them.
  tunnelRoute: '/monitoring',
  // No network at build time: no source-map upload, no release creation, no telemetry.
  sourcemaps: { disable: true },
  release: { create: false },
  telemetry: false,
  silent: true,
});
