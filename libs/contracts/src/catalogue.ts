import { z } from 'zod';

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
