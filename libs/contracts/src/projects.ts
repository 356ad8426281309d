import { z } from 'zod';
import { FieldIssue } from './errors';
import { COSTS } from './constants';
import { DECORATION_TYPES, ROOM_TYPES, ROOM_TYPES_COMING_SOON, STYLES, STYLES_COMING_SOON } from './enums';
import type { DecorationStage } from './events';

/** Image types accepted, decided from the file's bytes (never its name or type header). */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Decompression-bomb guard: images over this many pixels are refused before decoding. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export const PROJECT_PAGE_SIZE = 12;

// ---- requests (under /data) ----

/** GET project?search=&page= */
export const projectListQuerySchema = z.object({
  search: z.string().trim().max(120).optional().default(''),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});
export type ProjectListQuery = z.input<typeof projectListQuerySchema>;

/** POST project */
export const createProjectRequestSchema = z.object({
  propertyName: z.string().trim().min(1, FieldIssue.REQUIRED).max(120, FieldIssue.TOO_LONG),
});
export type CreateProjectRequest = z.input<typeof createProjectRequestSchema>;

const orderableRoomTypes = ROOM_TYPES.filter((r) => !ROOM_TYPES_COMING_SOON.includes(r));
const orderableStyles = STYLES.filter((s) => !STYLES_COMING_SOON.includes(s));
export const orderableRoomTypeSchema = z
  .enum(ROOM_TYPES)
  .refine((r) => orderableRoomTypes.includes(r), FieldIssue.INVALID);
export const orderableStyleSchema = z
  .enum(STYLES)
  .refine((s) => orderableStyles.includes(s), FieldIssue.INVALID);

/** POST project/:id/decorations */
export const orderDecorationsRequestSchema = z.object({
  items: z
    .array(
      z.object({
        imageId: z.uuid(FieldIssue.INVALID),
        roomType: orderableRoomTypeSchema,
        style: orderableStyleSchema,
        type: z.enum(DECORATION_TYPES),
        /** Remove the furniture in the photo before staging; only when GET platform/engine says it can. */
        emptyRoom: z.boolean().default(false),
      }),
    )
    .min(1, FieldIssue.REQUIRED)
    // Only a sanity bound: the plan's per-order limit answers DECORATIONS_LIMIT {selected, limit} (API).
    .max(100, FieldIssue.INVALID),
});
export type OrderDecorationsRequest = z.input<typeof orderDecorationsRequestSchema>;

/** POST decoration/:id/redo */
export const redoDecorationRequestSchema = z.object({
  roomType: orderableRoomTypeSchema.optional(),
  style: orderableStyleSchema.optional(),
  emptyRoom: z.boolean().optional(),
});
export type RedoDecorationRequest = z.input<typeof redoDecorationRequestSchema>;

// ---- responses ----

export const projectImageSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Signed, expiring URLs for the owner. */
  previewUrl: z.string(),
  thumbnailUrl: z.string(),
  createdAt: z.string(),
});
export type ProjectImage = z.infer<typeof projectImageSchema>;

export const decorationVersionSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  roomType: z.enum(ROOM_TYPES),
  style: z.enum(STYLES),
  resultUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type DecorationVersion = z.infer<typeof decorationVersionSchema>;

export const DECORATION_STATES = ['pending', 'ready', 'failed'] as const;
export type DecorationState = (typeof DECORATION_STATES)[number];
export const DECORATION_FAILURES = ['GENERATION_ERROR', 'GENERATION_TIMEOUT'] as const;

/** Where a supervised decoration stands for its customer, read from its review. */
export const SUPERVISION_STAGES = ['queued', 'in_review', 'delivered'] as const;
export type SupervisionStage = (typeof SUPERVISION_STAGES)[number];

export const supervisionSchema = z.object({
  /** queued: the AI draft is made or waits for a decorator; in_review: a decorator holds it. */
  stage: z.enum(SUPERVISION_STAGES),
  /** The promised delivery: 48 working hours from the order (or from a redo after delivery). */
  dueAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type Supervision = z.infer<typeof supervisionSchema>;

export const decorationSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  imageId: z.string(),
  type: z.enum(DECORATION_TYPES),
  roomType: z.enum(ROOM_TYPES),
  style: z.enum(STYLES),
  state: z.enum(DECORATION_STATES),
  /** Last progress stage and percentage (live updates come as DecorationProgress). */
  stage: z.string() as z.ZodType<DecorationStage>,
  percent: z.number().int().min(0).max(100),
  /** For supervised decorations: ready for staff review, waiting (up to 48 working hours). */
  awaitingReview: z.boolean(),
  /** The review's stage and dates; null for automatic decorations. */
  supervision: supervisionSchema.nullable(),
  failure: z.enum(DECORATION_FAILURES).nullable(),
  credits: z.number().int(),
  /** The structure guard found walls, windows or doors changed in the shown result even after a retry. */
  structureChanged: z.boolean(),
  /** The next redo costs nothing (given when a delivered result's structure changed). */
  freeRedo: z.boolean(),
  resultUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Decoration = z.infer<typeof decorationSchema>;

export const projectSummarySchema = z.object({
  id: z.string(),
  propertyName: z.string(),
  status: z.number().int(),
  imagesCompleted: z.number().int(),
  totalImages: z.number().int(),
  imagesUploaded: z.number().int(),
  newImagesAvailable: z.boolean(),
  credits: z.number().int(),
  coverUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

export const projectListResponseSchema = z.object({
  items: z.array(projectSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ProjectListResponse = z.infer<typeof projectListResponseSchema>;

export const projectDetailSchema = projectSummarySchema.extend({
  images: z.array(projectImageSchema),
  decorations: z.array(decorationSchema),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

export const uploadImagesResponseSchema = z.object({ images: z.array(projectImageSchema) });
export type UploadImagesResponse = z.infer<typeof uploadImagesResponseSchema>;

export const orderDecorationsResponseSchema = z.object({
  decorations: z.array(decorationSchema),
  balance: z.number().int(),
});
export type OrderDecorationsResponse = z.infer<typeof orderDecorationsResponseSchema>;

/** Cost in credits of an order or a redo (spec section 9). */
export const decorationCost = (type: (typeof DECORATION_TYPES)[number], redo = false): number =>
  type === 'automatic'
    ? redo
      ? COSTS.redoAutomaticCredits
      : COSTS.automaticDecorationCredits
    : redo
      ? COSTS.redoSupervisedCredits
      : COSTS.supervisedDecorationCredits;
