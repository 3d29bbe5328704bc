/** The layout rules of docs/architecture.md, checked in npm test (npm run structure). */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycles',
      comment: 'A folder never imports a folder that imports it back (directly or round a loop).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^((services|packages)/[^/]+/src|frontend/(app|components|lib))/' },
      to: { circular: true },
    },
    {
      name: 'domain-free-of-io',
      comment:
        "A service's domain/ is pure: no database, broker, cache, network, file or process access (types aside).",
      severity: 'error',
      from: { path: '^services/[^/]+/src/domain/' },
      to: {
        dependencyTypesNot: ['type-only'],
        path: [
          '^(node:)?(fs|net|http|https|http2|child_process|worker_threads|dgram|dns)$',
          'node_modules/(mongoose|mongodb|kafkajs|ioredis|bullmq|@grpc|undici|nodemailer|better-sqlite3)/',
          '^packages/(events|service-kit|local-infra)/',
          '^services/[^/]+/src/.*[.](repository|consumer|event|worker|queue|scheduler|grpc|client|gateway)[.]ts$',
          '^services/[^/]+/src/store/',
        ].join('|'),
      },
    },
    {
      name: 'gateways-free-of-http-schemas',
      comment:
        "The BFF's gateways map gRPC messages to plain view types; only the HTTP side (routes) reads zod schemas.",
      severity: 'error',
      from: { path: '^services/bff/src/.+([.]gateway|-view)[.]ts$' },
      to: { path: '[.]schemas[.]ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|gen)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    moduleSystems: ['cjs', 'es6'],
  },
};
