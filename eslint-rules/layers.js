/**
 * Enforces the import direction of ARCHITECTURE.md's layout:
 *   ui → machines → api, ui → state, machines → state;
 *   simulator imports only from api (the wire, contract and types);
 *   nothing imports ui.
 * `config` holds plain constants and types and may be imported by anyone;
 * `i18n` by ui only. src/main.tsx is the composition root.
 * Nothing under src imports tests.
 *
 * Flows (issue 26): a folder under src/machines/ or src/ui/flows/ is one
 * flow's, and imports no other flow's folder in either layer; what two
 * flows share lives in src/machines/shared/ or src/machines/validation/
 * (machines) or outside src/ui/flows/ (views).
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

/** Folders of src/machines that are not a flow's: anyone may import them. */
const SHARED_MACHINES = ['shared', 'validation'];

/** The flow whose folder holds a file (src/machines/<flow>/ or src/ui/flows/<flow>/). */
const flowOf = (file) => {
  const parts = path.relative(path.resolve('src'), file).split(path.sep);
  if (parts[0] === 'machines' && parts.length > 2 && !SHARED_MACHINES.includes(parts[1]))
    return parts[1];
  if (parts[0] === 'ui' && parts[1] === 'flows' && parts.length > 3) return parts[2];
  return undefined;
};

const underTests = (file) => !path.relative(path.resolve('tests'), file).startsWith('..');

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
        const flow = flowOf(context.filename);
        const check = (node, source, typeOnly) => {
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const resolved = path.resolve(path.dirname(context.filename), source);
          if (underTests(resolved))
            return context.report({ node, message: `src may not import tests (${source})` });
          const other = flowOf(resolved);
          if (flow && other && other !== flow)
            return context.report({
              node,
              message: `the ${flow} flow may not import the ${other} flow (${source}); share it instead`,
            });
          const target = layerOf(resolved);
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
