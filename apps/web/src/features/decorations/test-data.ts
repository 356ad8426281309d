import { vi } from 'vitest';
import type { Decoration, ProjectDetail, ProjectImage, ProjectSummary } from '@estancia/contracts';

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
    failure: null,
    credits: 1,
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
