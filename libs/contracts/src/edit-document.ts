import { z } from 'zod';
import { STYLES } from './enums';

/**
 * The edit document of a decoration: what the canvas editor (libs/editor) changes and the server
 * renders at full resolution with sharp. It never holds pixels of the photo, only what to do to
 * them; every coordinate and size is a fraction of the base image (0..1 of its width or height;
 * sizes of its width), so the same document renders the same at any resolution.
 */

/** A point list flattened as [x0, y0, x1, y1, ...], each a fraction of the image's width/height. */
const points = z
  .array(z.number().min(0).max(1))
  .max(20_000)
  .refine((p) => p.length % 2 === 0, 'odd');

/** A brush or eraser stroke: a polyline drawn with a round brush. */
export const strokeShapeSchema = z.object({
  kind: z.literal('stroke'),
  points: points.refine((p) => p.length >= 2, 'empty'),
  /** Brush diameter as a fraction of the image width. */
  size: z.number().positive().max(1),
  /** 1 = hard edge, 0 = fully feathered edge. */
  hardness: z.number().min(0).max(1),
  /** The eraser: removes this stroke from the area instead of adding it. */
  erase: z.boolean().default(false),
});

/** A quick-selection brush stroke on a selected surface: adds to it, or with `subtract` takes from it. */
export const surfaceStrokeSchema = z.object({
  points: points.refine((p) => p.length >= 2, 'empty'),
  /** Brush diameter as a fraction of the image width. */
  size: z.number().positive().max(1),
  subtract: z.boolean().default(false),
});
export type SurfaceBrushStroke = z.infer<typeof surfaceStrokeSchema>;

/** A closed polygon: the lasso, or the corners of a wall or a floor. */
export const polygonShapeSchema = z.object({
  kind: z.literal('polygon'),
  points: points.refine((p) => p.length >= 6, 'too_few_points'),
  erase: z.boolean().default(false),
});

/**
 * A pixel mask (object selection by colour similarity, computed in the browser), run-length encoded
 * row by row over a width×height grid: alternating runs of outside/inside, starting outside.
 * The runs go through the grid in row-major order (a run may go on into the next row) and add up to
 * exactly width × height; the API refuses other totals. The server scales it to the image's size,
 * each cell covering its rectangle of the image.
 */
export const maskShapeSchema = z.object({
  kind: z.literal('mask'),
  width: z.number().int().min(1).max(4096),
  height: z.number().int().min(1).max(4096),
  runs: z.array(z.number().int().min(0)).max(200_000),
  erase: z.boolean().default(false),
});

export const editShapeSchema = z.discriminatedUnion('kind', [
  strokeShapeSchema,
  polygonShapeSchema,
  maskShapeSchema,
]);
export type EditShape = z.infer<typeof editShapeSchema>;
export type StrokeShape = z.infer<typeof strokeShapeSchema>;
export type PolygonShape = z.infer<typeof polygonShapeSchema>;
export type MaskShape = z.infer<typeof maskShapeSchema>;

/** The area a layer acts on: its shapes in order (an erasing shape cuts what came before it). */
const area = z.array(editShapeSchema).min(1).max(500);

const layerBase = { id: z.string().min(1).max(64), area };

/**
 * The layers of the document, applied in order over the decoration's draft:
 * - `paint`: a wall painted with a wall_paint product's colour, or a floor laid with a floor
 *   product's texture, blended so the photo's light and shadows stay;
 * - `correction`: the corrector brush: the original photo shows again inside the area (removes
 *   what the AI should not have put there), or, with `restore: 'draft'`, the image the layers go over
 *   (takes back paint and floors without removing the furniture); both blended without a seam;
 * - `heal`: the clone/heal brush: texture from a source offset, matched to the area's surroundings;
 * - `ai`: "AI decoration" (furnish the area) or "reform" (re-render walls, floor and fittings) by
 *   the staging engine, kept only inside the area.
 */
export const editLayerSchema = z.discriminatedUnion('type', [
  z.object({
    ...layerBase,
    type: z.literal('paint'),
    surface: z.enum(['wall', 'floor']),
    productId: z.string().min(1).max(64),
    /**
     * How far from the surface's colour a pixel inside the outline may be and still be painted, when the
     * editor refined the outline to the surface (its area is then the outline, less an erasing mask of
     * what stands in front); absent when the whole outline is painted.
     */
    tolerance: z.number().min(0).max(1).optional(),
    /**
     * A surface selected by a click (the editor's surface selection): where the decorator clicked,
     * the outline that narrowed it and the quick-selection brush strokes, so a new tolerance re-runs
     * it exactly. Its area is then a positive mask of the surface at the photo's resolution (the
     * largest grid of at most 4096 px a side), followed by what was drawn into it since.
     */
    seed: z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) }).optional(),
    outline: points.refine((p) => p.length >= 6, 'too_few_points').optional(),
    strokes: z.array(surfaceStrokeSchema).max(100).optional(),
  }),
  z.object({
    ...layerBase,
    type: z.literal('correction'),
    /** What shows again inside the area: the original photo (the default) or the image the layers go over. */
    restore: z.enum(['original', 'draft']).optional(),
  }),
  z.object({
    ...layerBase,
    type: z.literal('heal'),
    /**
     * The heal brush: the area is filled with the picture's texture from `source` away (fractions of the
     * image's width and height), its colour and brightness matched to the area's surroundings.
     */
    source: z.object({ dx: z.number().min(-1).max(1), dy: z.number().min(-1).max(1) }),
  }),
  z.object({
    ...layerBase,
    type: z.literal('ai'),
    mode: z.enum(['decoration', 'reform']),
    style: z.enum(STYLES).optional(),
    /** Seed of the engine, so the same document renders the same. */
    seed: z
      .number()
      .int()
      .min(1)
      .max(2 ** 31 - 1),
  }),
]);
export type EditLayer = z.infer<typeof editLayerSchema>;
export type EditLayerType = EditLayer['type'];

export const EDIT_DOCUMENT_SCHEMA_VERSION = 1;
export const EDIT_MAX_LAYERS = 100;

/** The most undo steps (and redo steps) a saved document keeps. */
export const EDIT_HISTORY_MAX_STEPS = 30;
/** The most a saved history may weigh as JSON (characters): the autosave sends it every time. */
export const EDIT_HISTORY_MAX_BYTES = 512 * 1024;
/** The most layer versions the history's pool holds (besides those of the current layers). */
export const EDIT_HISTORY_MAX_LAYER_VERSIONS = 300;

/**
 * One step of the saved history: the document's layers at that step, each an index into the current
 * layers followed by the history's pool (`[...document.layers, ...history.layers]`), and its watermark.
 */
const editHistoryStepSchema = z.object({
  layers: z.array(z.number().int().min(0)).max(EDIT_MAX_LAYERS),
  watermark: z.boolean(),
});
export type EditHistoryStep = z.infer<typeof editHistoryStepSchema>;

/**
 * The editor's undo/redo history, saved with the document so it survives a reload and a second tab.
 * A layer version is stored once (an unchanged layer is the same index in every step); the render
 * ignores the history.
 */
export const editHistorySchema = z.object({
  /** Layer versions the steps use that the current layers do not have. */
  layers: z.array(editLayerSchema).max(EDIT_HISTORY_MAX_LAYER_VERSIONS),
  /** What undo goes back to, the oldest first. */
  past: z.array(editHistoryStepSchema).max(EDIT_HISTORY_MAX_STEPS),
  /** What redo goes forward to, the next first. */
  future: z.array(editHistoryStepSchema).max(EDIT_HISTORY_MAX_STEPS),
});
export type EditHistory = z.infer<typeof editHistorySchema>;

const productRef = z.string().min(1).max(64);

export const editDocumentSchema = z
  .object({
    schemaVersion: z.literal(EDIT_DOCUMENT_SCHEMA_VERSION),
    /** The decoration version the edit starts from (its result is the base image). */
    baseVersionId: z.uuid(),
    layers: z.array(editLayerSchema).max(EDIT_MAX_LAYERS),
    /** Bake the watermark into the result (a plan without watermark removal always gets one on download). */
    watermark: z.boolean().default(false),
    /** The paint and the floor last chosen in the editor, for the next wall or floor (the render ignores them). */
    chosenProducts: z.object({ wall: productRef.optional(), floor: productRef.optional() }).optional(),
    history: editHistorySchema.optional(),
  })
  .superRefine((document, ctx) => {
    const { history } = document;
    if (!history) return;
    const versions = document.layers.length + history.layers.length;
    const steps = [...history.past, ...history.future];
    if (steps.some((step) => step.layers.some((ref) => ref >= versions)))
      ctx.addIssue({ code: 'custom', path: ['history'], message: 'unknown_layer' });
    if (JSON.stringify(history).length > EDIT_HISTORY_MAX_BYTES)
      ctx.addIssue({ code: 'custom', path: ['history'], message: 'too_big' });
  });
export type EditDocument = z.infer<typeof editDocumentSchema>;

/**
 * The tools of the editor. `extra` ones need a plan with extra edit options (PRO or ULTIMATE);
 * the API refuses their layers with PLAN_REQUIRED too.
 */
export const EDIT_TOOLS = [
  'wall',
  'floor',
  'brush',
  'eraser',
  'heal',
  'select',
  'lasso',
  'ai_decoration',
  'reform',
  'watermark',
] as const;
export type EditTool = (typeof EDIT_TOOLS)[number];
export const EXTRA_EDIT_TOOLS: readonly EditTool[] = ['select', 'lasso', 'ai_decoration', 'reform'];

/** Layers that only a plan with extra edit options may save. */
export const isExtraLayer = (layer: EditLayer): boolean =>
  layer.type === 'ai' || layer.area.some((shape, i) => shape.kind === 'mask' && !isSurfaceCut(layer, i));

/**
 * The erasing mask right after a refined wall's or floor's outline, or the mask of a surface selected
 * by a click: part of the wall and floor tools (every plan), not an object selection.
 */
const isSurfaceCut = (layer: EditLayer, index: number): boolean =>
  layer.type === 'paint' &&
  ((layer.tolerance !== undefined && index === 1 && layer.area[1]!.erase) ||
    (layer.seed !== undefined && index === 0 && !layer.area[0]!.erase));

/** Saved edits per decoration without unlimited editing; past it LIMIT_REACHED. */
export const EDITS_WITHOUT_UNLIMITED_EDITING = 3;

// ---- calls ----

/**
 * GET /data/decoration/:id/edit (the owner) and GET /data/admin/reviews/:id/edit (staff):
 * the saved document (or a fresh one on the current version) and what the editor draws it over.
 */
export const editSessionSchema = z.object({
  decorationId: z.string(),
  document: editDocumentSchema,
  /** Full-size URLs: the draft or current result the layers go over, and the original photo. */
  baseImageUrl: z.string(),
  originalImageUrl: z.string(),
  /**
   * Greyscale PNG of the base's size, white where the engine added furniture (when it said so): paint and
   * floors go under it, in the preview as in the render. Null when the engine did not say.
   */
  addedMaskUrl: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  /** What this caller may use (the API enforces the same). */
  tools: z.array(z.enum(EDIT_TOOLS)),
  lockedTools: z.array(z.enum(EDIT_TOOLS)),
  /** Saved edits left without unlimited editing; null = unlimited. */
  editsLeft: z.number().int().nullable(),
  updatedAt: z.string().nullable(),
});
export type EditSession = z.infer<typeof editSessionSchema>;

/**
 * PUT .../edit: autosave of the document (no rendering). Answers the session. `basedOn` is the
 * session's `updatedAt` this editor last loaded or saved (null: nothing saved yet): when another tab or
 * window saved since, the save is refused with EDIT_SAVED_ELSEWHERE instead of overwriting that work.
 * Without it the save overwrites (integrators, older clients).
 */
export const saveEditRequestSchema = z.object({
  document: editDocumentSchema,
  basedOn: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type SaveEditRequest = z.input<typeof saveEditRequestSchema>;

/**
 * POST .../edit/render: renders the document at full resolution on the server and stores it as a
 * new version of the decoration. For a customer it becomes the current result; for a review it is
 * the fixed draft that approving delivers.
 */
export const renderEditResponseSchema = z.object({ versionId: z.string(), resultUrl: z.string() });
export type RenderEditResponse = z.infer<typeof renderEditResponseSchema>;

/**
 * POST /data/decoration/:id/edit/ai-preview (the owner) and POST /data/admin/reviews/:id/edit/ai-preview
 * (staff): the staging engine's actual result for one AI layer of the document, rendered over the layers
 * before it. The delivered render reuses the same result, so what the editor shows is what is delivered.
 */
export const aiPreviewRequestSchema = z.object({
  document: editDocumentSchema,
  layerId: z.string().min(1).max(64),
});
export type AiPreviewRequest = z.infer<typeof aiPreviewRequestSchema>;

/** The result inside the layer's area: a PNG whose alpha is the area's feathered edge, at a box of the image. */
export const aiPreviewSchema = z.object({
  layerId: z.string(),
  url: z.string(),
  /** The PNG's place in the image, in the image's pixels. */
  left: z.number().int(),
  top: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type AiPreview = z.infer<typeof aiPreviewSchema>;
