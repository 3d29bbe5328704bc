import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const MONGOOSE = {
  group: ['mongoose', 'mongoose/*'],
  message: 'Only store/ imports mongoose: take a repository or a domain type.',
};
const KAFKAJS = { group: ['kafkajs', 'kafkajs/*'], message: 'Only events/ imports kafkajs (through @docket/events).' };
const PROTO = {
  group: ['@docket/proto', '@docket/proto/*'],
  message: 'Only grpc/ (and events/ for payloads) touches the generated protobuf code; map to domain types there.',
};

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
    },
  },
  // DESIGN §4 layering: only store/ imports mongoose, only events/ imports kafkajs, only grpc/
  // touches the generated protobuf code (events/ too, for event payloads; app.ts for topic types).
  {
    files: ['services/*/src/**/*.ts'],
    ignores: ['services/*/src/store/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [MONGOOSE, KAFKAJS, PROTO] }] },
  },
  {
    files: ['services/*/src/store/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [KAFKAJS, PROTO] }] },
  },
  {
    files: ['services/*/src/events/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [MONGOOSE] }] },
  },
  {
    files: ['services/*/src/grpc/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [MONGOOSE, KAFKAJS] }] },
  },
  {
    files: ['services/*/src/app.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [MONGOOSE, KAFKAJS] }] },
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
