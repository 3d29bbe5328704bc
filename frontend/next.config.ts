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
  // forbidden(): an administrators' page answers a member with HTTP 403 and app/(app)/forbidden.tsx.
  experimental: { authInterrupts: true },
};

export default withSentryConfig(nextConfig, {
  // Browser events go through our own origin, so ad-blockers and CSP do not drop them.
  tunnelRoute: '/monitoring',
  // No network at build time: no source-map upload, no release creation, no telemetry.
  sourcemaps: { disable: true },
  release: { create: false },
  telemetry: false,
  silent: true,
});
