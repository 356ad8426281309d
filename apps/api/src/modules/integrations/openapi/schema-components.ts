import * as contracts from '@estancia/contracts';
import { z } from 'zod';

export type JsonObject = Record<string, unknown>;
export type SchemaSide = 'input' | 'output';

const COMPONENTS = '#/components/schemas/';
/** Marks refs to the input side until the end decides whether it needs its own component. */
const INPUT_MARK = '~input';
const UNREPRESENTABLE = 'x-unrepresentable';

/** `createProjectRequestSchema` → `CreateProjectRequest`. */
const componentName = (exportName: string) =>
  exportName.charAt(0).toUpperCase() + exportName.slice(1).replace(/Schema$/, '');

/**
 * The document's `components.schemas`, converted from zod with `z.toJSONSchema` (draft 2020-12). Every zod
 * schema exported by the contracts is a candidate component named after its export, so a contract nested in
 * another (a project in a list of projects) becomes one shared `$ref`; only those the document reaches are
 * kept. Requests use the input side and answers the output side; where the two differ (defaults,
 * transforms), the input one is a separate `<Name>Input`.
 */
export class SchemaComponents {
  private readonly registry = z.registry<{ id: string }>();
  private readonly names = new Set<string>();

  constructor() {
    for (const [exportName, value] of Object.entries(contracts)) {
      if (value instanceof z.ZodType && exportName.endsWith('Schema'))
        this.register(value, componentName(exportName));
    }
  }

  /** A `$ref` to the schema's component; a schema that is not a contract export is named `fallbackName`. */
  ref(schema: z.ZodType, side: SchemaSide, fallbackName: string): JsonObject {
    const id = this.registry.get(schema)?.id ?? this.register(schema, fallbackName);
    return { $ref: COMPONENTS + id + (side === 'input' ? INPUT_MARK : '') };
  }

  /** A schema written out in place (query and path parameters, multipart fields), without component refs. */
  inline(schema: z.ZodType, side: SchemaSide): JsonObject {
    return clean(z.toJSONSchema(schema, { target: 'draft-2020-12', io: side }) as JsonObject, side);
  }

  /**
   * The components the document uses (and those they use), with its refs rewritten to their final names.
   * Throws when one of them has no JSON Schema form (a transform's output, a date...).
   */
  finish(document: JsonObject): Record<string, JsonObject> {
    const convert = (side: SchemaSide) => {
      const { schemas } = z.toJSONSchema(this.registry, {
        target: 'draft-2020-12',
        io: side,
        uri: (id) => COMPONENTS + id + (side === 'input' ? INPUT_MARK : ''),
        // Marks what could not be converted (a contract the API does not use may have no JSON form);
        // an error only if the document reaches it.
        unrepresentable: () => ({ [UNREPRESENTABLE]: true }),
      });
      return Object.fromEntries(
        Object.entries(schemas).map(([id, json]) => [id, clean(json as JsonObject, side)]),
      );
    };
    const sides = { output: convert('output'), input: convert('input') };

    // Every component reached from the document, by its marked ref (`Name` or `Name~input`).
    const reached = new Set<string>();
    const visit = (node: unknown) =>
      refsIn(node).forEach((ref) => {
        if (reached.has(ref)) return;
        reached.add(ref);
        visit(definition(ref));
      });
    const definition = (ref: string) => {
      const input = ref.endsWith(INPUT_MARK);
      const id = input ? ref.slice(0, -INPUT_MARK.length) : ref;
      const json = (input ? sides.input : sides.output)[id];
      if (!json) throw new Error(`OpenAPI: no schema component "${id}"`);
      return json;
    };
    visit(document);

    // An input component keeps the plain name unless it differs from the output side or uses one that does.
    const unmark = (json: JsonObject) => JSON.stringify(json).split(INPUT_MARK).join('');
    const inputs = [...reached].filter((ref) => ref.endsWith(INPUT_MARK));
    const distinct = new Set(
      inputs.filter(
        (ref) => unmark(definition(ref)) !== JSON.stringify(definition(ref.slice(0, -INPUT_MARK.length))),
      ),
    );
    for (let grew = true; grew;) {
      grew = false;
      for (const ref of inputs) {
        if (!distinct.has(ref) && refsIn(definition(ref)).some((used) => distinct.has(used))) {
          distinct.add(ref);
          grew = true;
        }
      }
    }
    // `<Name>Input` only when the answer side is in the document too; else the input side is simply `<Name>`.
    const suffixed = (ref: string) => distinct.has(ref) && reached.has(ref.slice(0, -INPUT_MARK.length));
    const finalName = (ref: string) => {
      if (!ref.endsWith(INPUT_MARK)) return ref;
      const id = ref.slice(0, -INPUT_MARK.length);
      return suffixed(ref) ? `${id}Input` : id;
    };
    const rename = (node: unknown) => renameRefs(node, (ref) => COMPONENTS + finalName(ref));

    const components: Record<string, JsonObject> = {};
    for (const ref of [...reached].sort()) {
      const name = finalName(ref);
      const json = definition(ref);
      if (JSON.stringify(json).includes(`"${UNREPRESENTABLE}"`))
        throw new Error(
          `OpenAPI: the ${ref.endsWith(INPUT_MARK) ? 'input' : 'output'} of "${name}" has no JSON Schema form`,
        );
      if (suffixed(ref) && this.names.has(name))
        throw new Error(`OpenAPI: two schema components named "${name}"`);
      components[name] = rename(json) as JsonObject;
    }
    rename(document);
    return components;
  }

  private register(schema: z.ZodType, wanted: string): string {
    let id = wanted;
    for (let n = 2; this.names.has(id); n++) id = `${wanted}${n}`;
    this.names.add(id);
    this.registry.add(schema, { id });
    return id;
  }
}

/** Drops what belongs to a standalone JSON Schema document; lets answers grow new fields. */
function clean(json: JsonObject, side: SchemaSide): JsonObject {
  delete json.$schema;
  delete json.$id;
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const object = node as JsonObject;
    // zod writes `additionalProperties: false` on every output object; an answer may gain fields later.
    if (side === 'output' && object.additionalProperties === false) delete object.additionalProperties;
    // zod bounds every `.int()` by the safe integers: noise for a reader.
    if (object.minimum === Number.MIN_SAFE_INTEGER) delete object.minimum;
    if (object.maximum === Number.MAX_SAFE_INTEGER) delete object.maximum;
    Object.values(object).forEach(walk);
  };
  walk(json);
  return json;
}

/** The component refs (`Name` or `Name~input`) anywhere in a JSON tree. */
function refsIn(node: unknown): string[] {
  const found: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(COMPONENTS))
        found.push(child.slice(COMPONENTS.length));
      else walk(child);
    }
  };
  walk(node);
  return found;
}

/** Rewrites every component ref in place (and returns the tree). */
function renameRefs(node: unknown, to: (ref: string) => string): unknown {
  if (Array.isArray(node)) node.forEach((child) => renameRefs(child, to));
  else if (node && typeof node === 'object') {
    const object = node as JsonObject;
    for (const [key, child] of Object.entries(object)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(COMPONENTS))
        object[key] = to(child.slice(COMPONENTS.length));
      else renameRefs(child, to);
    }
  }
  return node;
}
