/** The frontend's part of the layout rules (../.dependency-cruiser.cjs): its own tsconfig resolves `@/`. */
const root = require('../.dependency-cruiser.cjs');

module.exports = {
  forbidden: root.forbidden.map((rule) => ({ ...rule, from: { path: '^(app|components|lib)/' } })),
  options: { ...root.options, tsConfig: { fileName: 'tsconfig.json' } },
};
