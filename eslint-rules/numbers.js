/**
 * One formatting path for every number a user reads (issue 23): in src/ui,
 * only src/ui/format.ts may turn a number into text with toFixed,
 * toPrecision, toLocaleString or Intl.NumberFormat. Everything else asks
 * format.ts (or its <Num> component), which formats by the product or
 * currency the number belongs to, never by the digits it happens to have.
 */
import path from 'node:path';

// number-core.ts is format.ts's store-free core (the boot shell's painter uses it before any module loads).
const FORMAT_FILES = new Set([
  path.resolve('src/ui/format.ts'),
  path.resolve('src/ui/number-core.ts'),
]);
const UI = path.resolve('src/ui') + path.sep;
const METHODS = new Set(['toFixed', 'toPrecision', 'toLocaleString']);

const message = (what) =>
  `${what} formats a number outside src/ui/format.ts: use its functions or <Num> (components/num.tsx), which follow the product's or currency's precision.`;

export default {
  rules: {
    'one-format-path': {
      meta: {
        type: 'problem',
        docs: { description: 'numbers in src/ui are formatted only by src/ui/format.ts' },
        schema: [],
      },
      create(context) {
        const file = path.resolve(context.filename);
        if (!file.startsWith(UI) || FORMAT_FILES.has(file)) return {};
        return {
          CallExpression(node) {
            const callee = node.callee;
            if (callee.type !== 'MemberExpression' || callee.computed) return;
            const name = callee.property.type === 'Identifier' ? callee.property.name : undefined;
            if (name && METHODS.has(name)) context.report({ node, message: message(`.${name}()`) });
          },
          NewExpression(node) {
            const c = node.callee;
            if (
              c.type === 'MemberExpression' &&
              c.object.type === 'Identifier' &&
              c.object.name === 'Intl' &&
              c.property.type === 'Identifier' &&
              c.property.name === 'NumberFormat'
            )
              context.report({ node, message: message('Intl.NumberFormat') });
          },
        };
      },
    },
  },
};
