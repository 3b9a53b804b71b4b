/**
 * TSDoc on every exported simulator and client API (ARCHITECTURE "Style";
 * issue 26 item 6): an exported function, class, or `const` holding an
 * arrow or function expression carries a `/** ... *\/` comment right above
 * its export. Types and plain values may go without; their names and the
 * functions that use them say enough.
 */

/** The declaration a JSDoc block must sit above: the export statement itself. */
function hasDoc(sourceCode, node) {
  return sourceCode
    .getCommentsBefore(node)
    .some((c) => c.type === 'Block' && c.value.startsWith('*'));
}

const FUNCTION_INIT = new Set(['ArrowFunctionExpression', 'FunctionExpression']);

/** The exported names of a declaration that are functions or classes. */
function exportedCallables(decl) {
  if (!decl) return [];
  if (decl.type === 'FunctionDeclaration' || decl.type === 'ClassDeclaration') {
    return decl.id ? [decl.id.name] : ['default'];
  }
  if (decl.type === 'VariableDeclaration') {
    return decl.declarations
      .filter((d) => d.init && FUNCTION_INIT.has(d.init.type))
      .map((d) => (d.id.type === 'Identifier' ? d.id.name : '?'));
  }
  return [];
}

export default {
  rules: {
    'exported-api': {
      meta: {
        type: 'suggestion',
        docs: { description: 'exported functions and classes carry a TSDoc comment' },
        schema: [],
      },
      create(context) {
        const sourceCode = context.sourceCode;
        const check = (node) => {
          const names = exportedCallables(node.declaration);
          if (names.length === 0 || hasDoc(sourceCode, node)) return;
          context.report({
            node,
            message: `Exported ${names.join(', ')} has no TSDoc comment (/** what it does, for whom */).`,
          });
        };
        return { ExportNamedDeclaration: check, ExportDefaultDeclaration: check };
      },
    },
  },
};
