import { vi } from 'vitest';
import {
  EDIT_DOCUMENT_SCHEMA_VERSION,
  EXTRA_EDIT_TOOLS,
  type Decoration,
  type EditSession,
  type Product,
  type ProjectDetail,
  type ProjectImage,
  type ProjectSummary,
} from '@estancia/contracts';

export const PROJECT_ID = '0b6c8f64-52f4-4a53-9c1e-4f1f8f0b1a01';

export function aProject(overrides: Partial<ProjectSummary> = {}): ProjectSummary {
  return {
    id: PROJECT_ID,
    propertyName: 'Piso Gràcia',
    status: 0,
    imagesCompleted: 0,
    totalImages: 0,
    imagesUploaded: 0,
    newImagesAvailable: false,
    credits: 0,
    coverUrl: null,
    createdAt: '2026-01-10T10:00:00.000Z',
    updatedAt: '2026-01-10T10:00:00.000Z',
    ...overrides,
  };
}

export function anImage(id: string, overrides: Partial<ProjectImage> = {}): ProjectImage {
  return {
    id,
    projectId: PROJECT_ID,
    width: 800,
    height: 600,
    previewUrl: `/data/media/preview-${id}`,
    thumbnailUrl: `/data/media/thumb-${id}`,
    createdAt: '2026-01-10T10:00:00.000Z',
    ...overrides,
  };
}

export function aDecoration(id: string, imageId: string, overrides: Partial<Decoration> = {}): Decoration {
  return {
    id,
    projectId: PROJECT_ID,
    imageId,
    type: 'automatic',
    roomType: 'livingroom',
    style: 'modern',
    state: 'pending',
    stage: 'queued',
    percent: 0,
    awaitingReview: false,
    supervision: null,
    failure: null,
    credits: 1,
    structureChanged: false,
    freeRedo: false,
    resultUrl: null,
    thumbnailUrl: null,
    createdAt: '2026-01-10T10:00:00.000Z',
    updatedAt: '2026-01-10T10:00:00.000Z',
    ...overrides,
  };
}

export function aProjectDetail(overrides: Partial<ProjectDetail> = {}): ProjectDetail {
  return { ...aProject(), images: [], decorations: [], ...overrides };
}

export const aReadyDecoration = (id: string, imageId: string, overrides: Partial<Decoration> = {}) =>
  aDecoration(id, imageId, {
    state: 'ready',
    stage: 'ready',
    percent: 100,
    resultUrl: `/data/media/result-${id}`,
    ...overrides,
  });

/** A STARTER owner's session: the extra tools and the watermark toggle locked, 2 edits left. */
export function anEditSession(decorationId: string, overrides: Partial<EditSession> = {}): EditSession {
  return {
    decorationId,
    document: {
      schemaVersion: EDIT_DOCUMENT_SCHEMA_VERSION,
      baseVersionId: '5d7e1c3a-8f0b-4a6e-9c2d-1b3f5a7c9e01',
      layers: [],
      watermark: false,
    },
    baseImageUrl: `/data/media/result-${decorationId}`,
    originalImageUrl: '/data/media/original',
    addedMaskUrl: null,
    width: 1600,
    height: 1200,
    tools: ['wall', 'floor', 'brush', 'eraser'],
    lockedTools: [...EXTRA_EDIT_TOOLS, 'watermark'],
    editsLeft: 2,
    updatedAt: null,
    ...overrides,
  };
}

/** A PRO owner's session: every tool, unlimited editing. */
export const aProEditSession = (decorationId: string, overrides: Partial<EditSession> = {}) =>
  anEditSession(decorationId, {
    tools: ['wall', 'floor', 'brush', 'eraser', ...EXTRA_EDIT_TOOLS, 'watermark'],
    lockedTools: [],
    editsLeft: null,
    ...overrides,
  });

export function aProduct(id: string, type: 'wall_paint' | 'floor', name: string): Product {
  return {
    id,
    type,
    name,
    brand: 'Estancia',
    color: type === 'floor' ? '#b08a5a' : '#f1ede4',
    textureUrl: type === 'floor' ? `/data/catalogue/products/${id}/texture.svg` : null,
    pattern: type === 'floor' ? 'planks' : null,
    tileScale: type === 'floor' ? 0.1 : null,
    priceCents: 1990,
    unit: type === 'floor' ? 'square_metre' : 'litre',
    purchaseUrl: 'https://example.com',
  };
}

export const aPhoto = (name: string, bytes = 1024, type = 'image/jpeg') =>
  new File([new Uint8Array(bytes)], name, { type });

/**
 * The shared fake records JSON bodies only; multipart bodies are recorded as the names of their files so
 * upload calls can be checked too.
 */
export function recordMultipart(inner: typeof fetch) {
  const wrapper = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.body instanceof FormData) {
      const files = init.body.getAll('files').map((file) => (file as File).name);
      return inner(input, { ...init, body: JSON.stringify({ files }) });
    }
    return inner(input, init);
  });
  vi.stubGlobal('fetch', wrapper);
}
