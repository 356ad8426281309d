// A Vite plugin that lets the bundler drop the contracts' schemas a page does not use. The contracts are
// declarations (zod schemas built by top-level calls such as `z.object(...)`), but a bundler must assume
// a call may have side effects, so importing one constant from a contract file kept every schema in it —
// and zod with them — on every page. Each top-level `const x = <call>` in libs/contracts/src is wrapped in
// an IIFE annotated `/*#__PURE__*/`: still evaluated once, in order, and dropped when nothing reads it.
const CONTRACTS = /[\\/]libs[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/;
const CALLS = new Set(['CallExpression', 'NewExpression']);

/** The initialisers of top-level `const` declarations that are calls, outermost first. */
function topLevelCalls(program) {
  const found = [];
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const { init } of declaration.declarations) if (init && CALLS.has(init.type)) found.push(init);
  }
  return found;
}

export function pureContracts() {
  return {
    name: 'estancia:pure-contracts',
    transform(code, id) {
      if (!CONTRACTS.test(id.split('?')[0])) return null;
      let out = code;
      // From the end backwards so the earlier positions stay right.
      for (const init of topLevelCalls(this.parse(code)).reverse())
        out = `${out.slice(0, init.start)}/*#__PURE__*/ (() => ${out.slice(init.start, init.end)})()${out.slice(init.end)}`;
      return { code: out, map: null };
    },
  };
}
