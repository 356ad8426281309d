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
 *   (takes back paint and floors without removing the furniture);
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
  }),
  z.object({
    ...layerBase,
    type: z.literal('correction'),
    /** What shows again inside the area: the original photo (the default) or the image the layers go over. */
    restore: z.enum(['original', 'draft']).optional(),
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

export const editDocumentSchema = z.object({
  schemaVersion: z.literal(EDIT_DOCUMENT_SCHEMA_VERSION),
  /** The decoration version the edit starts from (its result is the base image). */
  baseVersionId: z.uuid(),
  layers: z.array(editLayerSchema).max(EDIT_MAX_LAYERS),
  /** Bake the watermark into the result (a plan without watermark removal always gets one on download). */
  watermark: z.boolean().default(false),
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

/** The erasing mask right after a refined wall's or floor's outline: part of those tools, not a selection. */
const isSurfaceCut = (layer: EditLayer, index: number): boolean =>
  layer.type === 'paint' && layer.tolerance !== undefined && index === 1 && layer.area[1]!.erase;

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

/** PUT .../edit: autosave of the document (no rendering). Answers the session. */
export const saveEditRequestSchema = z.object({ document: editDocumentSchema });
export type SaveEditRequest = z.input<typeof saveEditRequestSchema>;

/**
 * POST .../edit/render: renders the document at full resolution on the server and stores it as a
 * new version of the decoration. For a customer it becomes the current result; for a review it is
 * the fixed draft that approving delivers.
 */
export const renderEditResponseSchema = z.object({ versionId: z.string(), resultUrl: z.string() });
export type RenderEditResponse = z.infer<typeof renderEditResponseSchema>;
