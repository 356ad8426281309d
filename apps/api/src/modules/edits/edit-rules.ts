import {
  EDIT_TOOLS,
  EDITS_WITHOUT_UNLIMITED_EDITING,
  EXTRA_EDIT_TOOLS,
  isExtraLayer,
  type EditDocument,
  type EditTool,
  type Product,
  type UserPlanRights,
} from '@estancia/contracts';

/**
 * What an editor may do, decided from plan rights (customers) or the staff role: pure rules shared
 * by the session the editor draws and the checks the API makes on what it saves.
 */

/** Staff fix drafts with every tool and no limit. */
export type EditorRights = UserPlanRights | 'staff';

export function editTools(rights: EditorRights): { tools: EditTool[]; lockedTools: EditTool[] } {
  const locked = new Set<EditTool>();
  if (rights !== 'staff') {
    if (!rights.extraEditOptions) EXTRA_EDIT_TOOLS.forEach((tool) => locked.add(tool));
    // The toggle only means something where the plan lets downloads go without the mark.
    if (rights.watermark) locked.add('watermark');
  }
  return {
    tools: EDIT_TOOLS.filter((tool) => !locked.has(tool)),
    lockedTools: EDIT_TOOLS.filter((tool) => locked.has(tool)),
  };
}

/** Renders left for the owner; null when unlimited (and for staff). */
export function editsLeft(rights: EditorRights, rendered: number): number | null {
  if (rights === 'staff' || rights.unlimitedEditing) return null;
  return Math.max(0, EDITS_WITHOUT_UNLIMITED_EDITING - rendered);
}

/** True when the document uses something the plan does not include (the API answers PLAN_REQUIRED). */
export function usesLockedTools(document: EditDocument, rights: EditorRights): boolean {
  if (rights === 'staff') return false;
  if (!rights.extraEditOptions && document.layers.some(isExtraLayer)) return true;
  return document.watermark && rights.watermark;
}

const PRODUCT_TYPE_OF_SURFACE = { wall: 'wall_paint', floor: 'floor' } as const;

/**
 * What the schema cannot see, as VALIDATION_FAILED fields: products that are unknown or of the
 * wrong type for their surface, heals without a source offset, and selection masks whose runs do not
 * cover their grid exactly.
 */
export function documentProblems(
  document: EditDocument,
  products: ReadonlyMap<string, Pick<Product, 'type'>>,
): Record<string, string> {
  const fields: Record<string, string> = {};
  document.layers.forEach((layer, i) => {
    if (
      layer.type === 'paint' &&
      products.get(layer.productId)?.type !== PRODUCT_TYPE_OF_SURFACE[layer.surface]
    )
      fields[`document.layers.${i}.productId`] = 'invalid';
    // A heal copying from where it paints changes nothing: the source must lie elsewhere.
    if (layer.type === 'heal' && layer.source.dx === 0 && layer.source.dy === 0)
      fields[`document.layers.${i}.source`] = 'invalid';
    layer.area.forEach((shape, j) => {
      if (
        shape.kind === 'mask' &&
        shape.runs.reduce((sum, run) => sum + run, 0) !== shape.width * shape.height
      )
        fields[`document.layers.${i}.area.${j}.runs`] = 'invalid';
    });
  });
  return fields;
}

/** The product ids a document's paint layers name. */
export const productIds = (document: EditDocument): string[] =>
  document.layers.flatMap((layer) => (layer.type === 'paint' ? [layer.productId] : []));
