/**
 * Node's own `require`, which loads ES modules synchronously since Node 20.19 (pdfjs-dist ships
 * only .mjs). Taken from process.getBuiltinModule so that it is the real one even under jest,
 * whose sandboxed require cannot load ES modules (and whose `import()` needs --experimental-vm-modules).
 */
export const nativeRequire: NodeJS.Require = process.getBuiltinModule('node:module').createRequire(__filename);
