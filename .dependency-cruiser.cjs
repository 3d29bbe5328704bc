/** The layout rules of docs/architecture.md, checked in npm test (npm run structure). */
module.exports = {
  forbidden: [
    {
      name: 'no-file-cycles',
      comment: 'No file imports a file that imports it back, types included (directly or round a loop).',
      severity: 'error',
      from: { path: '^((services|packages)/[^/]+/src|frontend/(app|components|lib))/' },
      to: { circular: true },
    },
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
        "The BFF's gateways map gRPC messages to view types and never read the HTTP schemas; only the HTTP side " +
        '(routes) does.',
      severity: 'error',
      from: { path: '^services/bff/src/.+[.]gateway[.]ts$' },
      to: { path: '[.]schemas[.]ts$' },
    },
    {
      name: 'views-are-schema-types',
      comment:
        "A BFF view type is the output type of its HTTP schema (z.output): a view file imports schemas' types, " +
        'never their code.',
      severity: 'error',
      from: { path: '^services/bff/src/.+-view[.]ts$' },
      to: { path: '[.]schemas[.]ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'features-through-their-interface',
      comment:
        "A feature reaches another feature of its service only through that feature's index.ts, its exported " +
        'interface (and, in the BFF, its HTTP schemas, which are public as the OpenAPI is). The shared layers ' +
        '(domain/, store/, http/, grpc/, events/, blob/, uploads/) are open to every feature.',
      severity: 'error',
      from: {
        path: '^services/([^/]+)/src/([^/]+)/',
        pathNot: '^services/[^/]+/src/(domain|store|http|grpc|events|blob|uploads)/',
      },
      to: {
        path: '^services/$1/src/[^/]+/',
        pathNot: [
          '^services/$1/src/$2/',
          '^services/$1/src/(domain|store|http|grpc|events|blob|uploads)/',
          '^services/$1/src/[^/]+/index[.]ts$',
          '^services/bff/src/[^/]+/[^/]+[.]schemas[.]ts$',
        ],
      },
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
