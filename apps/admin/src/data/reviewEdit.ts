import {
  type AiPreview,
  type AiPreviewRequest,
  aiPreviewSchema,
  type EditDocument,
  type EditSession,
  editSessionSchema,
  type Product,
  productSchema,
  type RenderEditResponse,
  renderEditResponseSchema,
  type SaveEditRequest,
} from '@estancia/contracts';
import { staffHttpClient } from './dataProvider';

const editPath = (reviewId: string) => `/data/admin/reviews/${encodeURIComponent(reviewId)}/edit`;

/** GET reviews/:id/edit: the saved edit document of the review's draft and what it is drawn over (any staff). */
export const fetchReviewEditSession = async (reviewId: string): Promise<EditSession> =>
  editSessionSchema.parse((await staffHttpClient(editPath(reviewId))).json);

/** PUT reviews/:id/edit: the autosave (only the claim holder; else REVIEW_NOT_CLAIMED). */
export const saveReviewEdit = async (
  reviewId: string,
  document: EditDocument,
  basedOn: string | null,
): Promise<EditSession> => {
  const body: SaveEditRequest = { document, basedOn };
  const { json } = await staffHttpClient(editPath(reviewId), { method: 'PUT', body: JSON.stringify(body) });
  return editSessionSchema.parse(json);
};

/** POST reviews/:id/edit/render: the fixed result becomes the review's current draft (only the holder). */
export const renderReviewEdit = async (reviewId: string): Promise<RenderEditResponse> => {
  const { json } = await staffHttpClient(`${editPath(reviewId)}/render`, { method: 'POST', body: '{}' });
  return renderEditResponseSchema.parse(json);
};

/** POST reviews/:id/edit/ai-preview: the engine's result for one AI layer of the (unsaved) document (any staff). */
export const fetchReviewAiPreview = async (
  reviewId: string,
  document: EditDocument,
  layerId: string,
): Promise<AiPreview> => {
  const body: AiPreviewRequest = { document, layerId };
  const { json } = await staffHttpClient(`${editPath(reviewId)}/ai-preview`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  return aiPreviewSchema.parse(json);
};

/** The editor's products: the catalogue's wall paints and floors (a public list), named in `locale`. */
export const fetchEditorProducts = async (locale?: string): Promise<Product[]> => {
  const headers = new Headers({ Accept: 'application/json' });
  if (locale) headers.set('Accept-Language', locale);
  const byType = async (type: 'wall_paint' | 'floor') =>
    productSchema
      .array()
      .parse((await staffHttpClient(`/data/catalogue/products?type=${type}`, { headers })).json);
  const [paints, floors] = await Promise.all([byType('wall_paint'), byType('floor')]);
  return [...paints, ...floors];
};
