import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const MONGOOSE = {
  group: ['mongoose', 'mongoose/*'],
  message: 'Only a *.repository.ts imports mongoose: take a repository or a domain type.',
};
const KAFKAJS = {
  group: ['kafkajs', 'kafkajs/*'],
  message: 'Only a *.consumer.ts or *.event.ts reaches Kafka (through @docket/events).',
};
const PROTO = {
  group: ['@docket/proto', '@docket/proto/*'],
  message:
    'Only *.grpc.ts, *.gateway.ts, *.mapper.ts, *.client.ts and the event edges touch the generated protobuf code.',
};
const REPOSITORIES = ['services/*/src/**/*.repository.ts', 'services/*/src/store/**/*.ts'];
const EVENT_EDGES = [
  'services/*/src/**/*.consumer.ts',
  'services/*/src/**/*.event.ts',
  'services/*/src/events/**/*.ts',
];
const GRPC_EDGES = [
  'services/*/src/**/*.grpc.ts',
  'services/*/src/**/*.mapper.ts',
  'services/*/src/**/*.client.ts',
  'services/*/src/**/*.gateway.ts',
  'services/*/src/**/*.binding.ts',
  'services/*/src/grpc/**/*.ts',
  'services/*/src/app.ts',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/.next/**',
      '**/.next-*/**',
      '**/dist/**',
      'packages/proto/src/gen/**',
      '.data/**',
      '.cache/**',
      'frontend/next-env.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
      // Prettier wraps code at 120 columns; this catches what it leaves: comments, strings, regexes.
      'max-len': ['error', { code: 120 }],
    },
  },
  // Layering by role (docs/architecture.md): only repositories import mongoose, only consumers and
  // event producers import kafkajs, only the gRPC and event edges touch the generated protobuf code.
  // The folders by layer (store/, events/, grpc/) of services not yet arranged by feature keep theirs.
  {
    files: ['services/*/src/**/*.ts'],
    ignores: [...REPOSITORIES, ...EVENT_EDGES, ...GRPC_EDGES],
    rules: { 'no-restricted-imports': ['error', { patterns: [MONGOOSE, KAFKAJS, PROTO] }] },
  },
  {
    files: REPOSITORIES,
    rules: { 'no-restricted-imports': ['error', { patterns: [KAFKAJS, PROTO] }] },
  },
  {
    files: EVENT_EDGES,
    rules: { 'no-restricted-imports': ['error', { patterns: [MONGOOSE] }] },
  },
  {
    files: GRPC_EDGES,
    rules: { 'no-restricted-imports': ['error', { patterns: [MONGOOSE, KAFKAJS] }] },
  },
  {
    // Generated from the BFF's OpenAPI document: its lines are the generator's.
    files: ['frontend/lib/api/**'],
    rules: { 'max-len': 'off' },
  },
  {
    // Tool configurations written as CommonJS modules (dependency-cruiser's).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
);
