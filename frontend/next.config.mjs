// JavaScript, not TypeScript: the production server loads this file at every start, and a
// next.config.ts makes it load SWC's native compiler and the TypeScript package to read it, ~70 MB
// of the frontend server's memory.
import { PHASE_PRODUCTION_SERVER } from 'next/constants.js';

/** @type {import('next').NextConfig} */
const nextConfig = {
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
    // The build is what a first `npm start` waits for. On 2 cores: compile the server and
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
    '@sentry/nextjs',
    '@sentry/node',
    '@sentry/node-core',
    '@sentry/core',
    '@sentry/opentelemetry',
    '@opentelemetry/api',
    '@opentelemetry/core',
    '@opentelemetry/sdk-trace-base',
    '@opentelemetry/instrumentation',
  ],
};

/**
 * The production server loads this file too, and Sentry's config wrapper brings its whole server SDK
 * and OpenTelemetry (~700 modules). At run time the wrapper's work is already in the build (its
 * tunnel rewrite is in the routes manifest, its webpack changes in the bundles); what is left only
 * serves Sentry's server SDK, which runs only with SENTRY_DSN. So without one the server does not
 * load it.
 */
/**
 * @param {string} phase
 * @returns {Promise<import('next').NextConfig>}
 */
export default async function config(phase) {
  if (phase === PHASE_PRODUCTION_SERVER && !process.env.SENTRY_DSN) return nextConfig;
  const { withSentryConfig } = await import('@sentry/nextjs/config');
  return withSentryConfig(nextConfig, SENTRY_BUILD_OPTIONS);
}

/** @type {Parameters<typeof import('@sentry/nextjs/config').withSentryConfig>[1]} */
const SENTRY_BUILD_OPTIONS = {
  // Sentry's loaders wrap every page, layout, route handler and the middleware (a Rollup pass per
  // file): ~12 of a first build's ~80 CPU-s. Errors thrown there still reach Sentry
  // through instrumentation.ts's onRequestError, and its server SDK records Next.js's own
  // OpenTelemetry spans of each request; only the wrappers' extra spans are gone.
  webpack: { autoInstrumentServerFunctions: false, autoInstrumentMiddleware: false, autoInstrumentAppDirectory: false },
  // Browser events go through our own origin, so ad-blockers and CSP do not drop them.
  tunnelRoute: '/monitoring',
  // No network at build time: no source-map upload, no release creation, no telemetry.
  sourcemaps: { disable: true },
  release: { create: false },
  telemetry: false,
  silent: true,
};
