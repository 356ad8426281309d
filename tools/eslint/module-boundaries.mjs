import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** apps/<name> and libs/<name> are projects; libs are `scope:shared`, apps are `type:app`. */
function projectOf(absolute) {
  const [kind, name] = path.relative(root, absolute).split(path.sep);
  if ((kind === 'apps' || kind === 'libs') && name) return { kind, name };
  return null;
}

function targetOf(specifier, file) {
  if (specifier.startsWith('.')) return projectOf(path.resolve(path.dirname(file), specifier));
  const scoped = /^@estancia\/([\w-]+)/.exec(specifier);
  if (!scoped) return null;
  const name = scoped[1];
  return ['contracts', 'i18n', 'ui', 'editor'].includes(name)
    ? { kind: 'libs', name }
    : { kind: 'apps', name };
}

/** Shared libs import only shared libs; apps never import other apps. */
export default {
  meta: {
    type: 'problem',
    messages: {
      libImportsApp:
        'Shared lib "{{from}}" must not import app "{{to}}": shared libs import only shared libs.',
      appImportsApp: 'App "{{from}}" must not import app "{{to}}": apps never import apps.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const source = projectOf(file);
    if (!source) return {};
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      const target = targetOf(specifier, file);
      if (!target || target.kind !== 'apps' || (target.kind === source.kind && target.name === source.name))
        return;
      context.report({
        node,
        messageId: source.kind === 'libs' ? 'libImportsApp' : 'appImportsApp',
        data: { from: source.name, to: target.name },
      });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      CallExpression: (node) =>
        node.callee.type === 'Identifier' &&
        node.callee.name === 'require' &&
        node.arguments[0]?.type === 'Literal' &&
        check(node.arguments[0], node.arguments[0].value),
    };
  },
};
