/**
 * Enforces the import direction of ARCHITECTURE.md's layout:
 *   ui → machines → api, ui → state, machines → state;
 *   simulator imports only from api (the wire, contract and types);
 *   nothing imports ui.
 * `config` holds plain constants and types and may be imported by anyone;
 * `i18n` by ui only. src/main.tsx is the composition root.
 */
import path from 'node:path';

const ALLOWED = {
  api: ['api', 'config'],
  simulator: ['simulator', 'api', 'config'],
  machines: ['machines', 'api', 'state', 'config'],
  state: ['state', 'api', 'config'],
  config: ['config', 'api'],
  i18n: ['i18n', 'config'],
  ui: ['ui', 'machines', 'api', 'state', 'config', 'i18n'],
};
/** Type-only imports that are allowed beyond the table (the UI names the worker's API type). */
const TYPE_ONLY = { ui: ['simulator'] };

const layerOf = (file) => {
  const rel = path.relative(path.resolve('src'), file);
  if (rel.startsWith('..')) return undefined;
  const top = rel.split(path.sep)[0];
  return top in ALLOWED ? top : undefined;
};

export default {
  rules: {
    layers: {
      meta: {
        type: 'problem',
        docs: { description: 'imports follow the layer direction of ARCHITECTURE.md' },
        schema: [],
      },
      create(context) {
        const from = layerOf(context.filename);
        if (!from) return {};
        const check = (node, source, typeOnly) => {
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const target = layerOf(path.resolve(path.dirname(context.filename), source));
          if (!target || target === from) return;
          if (ALLOWED[from].includes(target)) return;
          if (typeOnly && (TYPE_ONLY[from] ?? []).includes(target)) return;
          context.report({ node, message: `${from} may not import ${target} (${source})` });
        };
        return {
          ImportDeclaration: (n) => check(n, n.source.value, n.importKind === 'type'),
          ExportNamedDeclaration: (n) =>
            n.source && check(n, n.source.value, n.exportKind === 'type'),
          ExportAllDeclaration: (n) => check(n, n.source.value, n.exportKind === 'type'),
          ImportExpression: (n) => n.source.type === 'Literal' && check(n, n.source.value, false),
        };
      },
    },
  },
};
