import { z } from 'zod';
import { ROOM_TYPES, STYLES } from './enums';
import { FieldIssue } from './errors';

/** Recommended product types (spec section 3). */
export const PRODUCT_TYPES = ['furniture', 'wall_paint', 'floor'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const FLOOR_PATTERNS = ['planks', 'herringbone', 'tiles', 'marble', 'concrete'] as const;
export type FloorPattern = (typeof FLOOR_PATTERNS)[number];

/**
 * A catalogue product. Wall paints carry their colour; floors a texture (a seamless tile the
 * editor and the server's renderer both repeat) with its base colour and pattern.
 */
export const productSchema = z.object({
  id: z.string(),
  type: z.enum(PRODUCT_TYPES),
  name: z.string(),
  brand: z.string(),
  /** Hex colour (#rrggbb): the paint, or the floor's dominant colour. */
  color: z.string(),
  /** Floors: URL of the texture tile (SVG); null for paints and furniture. */
  textureUrl: z.string().nullable(),
  pattern: z.enum(FLOOR_PATTERNS).nullable(),
  /** Floors: the width of one tile as a fraction of the photo's width. */
  tileScale: z.number().nullable(),
  priceCents: z.number().int(),
  /** Price unit: per litre for paint, per m² for floors, per item for furniture. */
  unit: z.enum(['litre', 'square_metre', 'item']),
  purchaseUrl: z.string(),
});
export type Product = z.infer<typeof productSchema>;

/** GET /data/catalogue/products?type=wall_paint|floor|furniture */
export const productListQuerySchema = z.object({ type: z.enum(PRODUCT_TYPES).optional() });

// ---- shop: recommendations, favourites, reform budget requests (spec sections 1 and 3) ----

/** What a furniture product is; each has its own drawing (served at `pictureUrl`). */
export const FURNITURE_CATEGORIES = [
  'sofa',
  'armchair',
  'table',
  'chair',
  'bed',
  'lamp',
  'rug',
  'shelf',
  'desk',
  'cabinet',
  'mirror',
  'plant',
] as const;
export type FurnitureCategory = (typeof FURNITURE_CATEGORIES)[number];

/** A product as the shop shows it: with its drawing, and the styles and room types it suits. */
export const shopProductSchema = productSchema.extend({
  /** Furniture only: which drawing it has; null for paints and floors. */
  category: z.enum(FURNITURE_CATEGORIES).nullable(),
  styles: z.array(z.enum(STYLES)),
  roomTypes: z.array(z.enum(ROOM_TYPES)),
  /** Our own SVG: the furniture drawing, the paint swatch or the floor tile. */
  pictureUrl: z.string(),
});
export type ShopProduct = z.infer<typeof shopProductSchema>;

export const recommendedProductSchema = shopProductSchema.extend({
  favourite: z.boolean(),
  /** How close the product's colour is to the result's palette, 0 (far) to 1 (same colour). */
  colourMatch: z.number(),
});
export type RecommendedProduct = z.infer<typeof recommendedProductSchema>;

/** GET /data/decoration/:id/recommendations: products for the decoration's room, style and colours. */
export const recommendationsSchema = z.object({
  decorationId: z.string(),
  roomType: z.enum(ROOM_TYPES),
  style: z.enum(STYLES),
  /** The result's dominant colours (#rrggbb), most present first; empty before there is a result. */
  palette: z.array(z.string()),
  furniture: z.array(recommendedProductSchema),
  wall_paint: z.array(recommendedProductSchema),
  floor: z.array(recommendedProductSchema),
});
export type Recommendations = z.infer<typeof recommendationsSchema>;

/** GET /data/catalogue/favourites: newest first. */
export const favouriteSchema = shopProductSchema.extend({ favouritedAt: z.string() });
export type Favourite = z.infer<typeof favouriteSchema>;

/** POST and DELETE /data/catalogue/favourites/:productId (both idempotent). */
export const favouriteStatusSchema = z.object({ productId: z.string(), favourite: z.boolean() });
export type FavouriteStatus = z.infer<typeof favouriteStatusSchema>;

export const REFORM_SCOPES = ['kitchen', 'bathroom', 'floors', 'walls', 'full', 'other'] as const;
export type ReformScope = (typeof REFORM_SCOPES)[number];
export const REFORM_BUDGET_RANGES = ['under_5k', '5k_15k', '15k_30k', '30k_60k', 'over_60k'] as const;
export type ReformBudgetRange = (typeof REFORM_BUDGET_RANGES)[number];
export const CONTACT_PREFERENCES = ['phone', 'email'] as const;
export type ContactPreference = (typeof CONTACT_PREFERENCES)[number];
/** Staff move a request only forward, one step at a time. */
export const REFORM_REQUEST_STATUSES = ['new', 'contacted', 'quoted', 'closed'] as const;
export type ReformRequestStatus = (typeof REFORM_REQUEST_STATUSES)[number];

export const REFORM_LIMITS = { minArea: 1, maxArea: 100_000, notesMaxLength: 2000 } as const;

const reformPhoneSchema = z
  .string()
  .trim()
  .max(32, FieldIssue.TOO_LONG)
  .refine(
    (p) => p === '' || (/^\+?[0-9][0-9 .\-()]{5,}[0-9]$/.test(p) && p.replace(/\D/g, '').length >= 6),
    FieldIssue.PHONE,
  );

/** Missing (or left empty in a form) is `required`; anything else wrong is `invalid`. */
const requiredOrInvalid = {
  error: (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === '' || issue.input === null
      ? FieldIssue.REQUIRED
      : FieldIssue.INVALID,
};

/** POST /data/reform-requests: the customer's reform budget request for a project (or one decoration of it). */
export const createReformRequestSchema = z
  .object({
    projectId: z.uuid(requiredOrInvalid),
    decorationId: z.uuid(requiredOrInvalid).optional(),
    what: z
      .array(z.enum(REFORM_SCOPES, requiredOrInvalid), requiredOrInvalid)
      .min(1, FieldIssue.REQUIRED)
      .refine((what) => new Set(what).size === what.length, FieldIssue.INVALID),
    areaSquareMeters: z
      .number(requiredOrInvalid)
      .int(FieldIssue.INVALID)
      .min(REFORM_LIMITS.minArea, FieldIssue.INVALID)
      .max(REFORM_LIMITS.maxArea, FieldIssue.INVALID),
    budgetRange: z.enum(REFORM_BUDGET_RANGES, requiredOrInvalid),
    contactPreference: z.enum(CONTACT_PREFERENCES, requiredOrInvalid),
    phone: reformPhoneSchema.optional().default(''),
    notes: z.string().trim().max(REFORM_LIMITS.notesMaxLength, FieldIssue.TOO_LONG).optional().default(''),
  })
  .superRefine((request, ctx) => {
    if (request.contactPreference === 'phone' && request.phone === '')
      ctx.addIssue({ code: 'custom', path: ['phone'], message: FieldIssue.REQUIRED });
  });
export type CreateReformRequest = z.input<typeof createReformRequestSchema>;
export type CreateReformRequestBody = z.output<typeof createReformRequestSchema>;

export const reformRequestStatusChangeSchema = z.object({
  status: z.enum(REFORM_REQUEST_STATUSES),
  at: z.string(),
  by: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type ReformRequestStatusChange = z.infer<typeof reformRequestStatusChangeSchema>;

/** The customer's copy (POST answer) and the console's record (/data/admin/reform-requests). */
export const reformRequestSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  propertyName: z.string(),
  decorationId: z.string().nullable(),
  customer: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  what: z.array(z.enum(REFORM_SCOPES)),
  areaSquareMeters: z.number().int(),
  budgetRange: z.enum(REFORM_BUDGET_RANGES),
  contactPreference: z.enum(CONTACT_PREFERENCES),
  phone: z.string(),
  notes: z.string(),
  status: z.enum(REFORM_REQUEST_STATUSES),
  createdAt: z.string(),
  /** Every status change, oldest first, with who made it. */
  history: z.array(reformRequestStatusChangeSchema),
});
export type ReformRequest = z.infer<typeof reformRequestSchema>;

/** POST /data/admin/reform-requests/:id/status: the next status only. */
export const advanceReformRequestSchema = z.object({ status: z.enum(REFORM_REQUEST_STATUSES) });
export type AdvanceReformRequest = z.infer<typeof advanceReformRequestSchema>;

/** The status after `status`, or null once closed. */
export const nextReformStatus = (status: ReformRequestStatus): ReformRequestStatus | null =>
  REFORM_REQUEST_STATUSES[REFORM_REQUEST_STATUSES.indexOf(status) + 1] ?? null;
