import {
  type DecorationVersion,
  type OrderDecorationsRequest,
  type OrderDecorationsResponse,
  type ProjectDetail,
  type ProjectListResponse,
  type ProjectSummary,
  type RedoDecorationRequest,
  type Decoration,
  type UploadImagesResponse,
  type Wallet,
} from '@estancia/contracts';
import { api } from '../../../shared/api';

export const projectsApi = {
  list: (search: string, page: number) =>
    api.get<ProjectListResponse>(`project?${new URLSearchParams({ search, page: String(page) }).toString()}`),
  create: (propertyName: string) => api.post<ProjectSummary>('project', { propertyName }),
  remove: async (id: string): Promise<void> => {
    await api.send('DELETE', `project/${id}`);
  },
  detail: (id: string) => api.get<ProjectDetail>(`project/${id}`),
  upload: async (id: string, files: File[]): Promise<UploadImagesResponse> => {
    const form = new FormData();
    for (const file of files) form.append('files', file, file.name);
    const response = await api.send('POST', `project/${id}/images`, form);
    return (await response.json()) as UploadImagesResponse;
  },
  order: (id: string, request: OrderDecorationsRequest) =>
    api.post<OrderDecorationsResponse>(`project/${id}/decorations`, request),
  redo: (decorationId: string, request: RedoDecorationRequest) =>
    api.post<Decoration>(`decoration/${decorationId}/redo`, request),
  /** The wallet's balance as the API has it, after a charge whose amount the API decided (a redo). */
  balance: async (): Promise<number> => (await api.get<Wallet>('wallet')).balance,
  versions: (decorationId: string) => api.get<DecorationVersion[]>(`decoration/${decorationId}/versions`),
  restore: (decorationId: string, versionId: string) =>
    api.post<Decoration>(`decoration/${decorationId}/versions/${versionId}/restore`),
  /** Downloads carry the bearer token, so they go through fetch and come back as a blob. */
  downloadDecoration: async (decorationId: string): Promise<DownloadedFile> =>
    downloadedFile(await api.send('GET', `decoration/${decorationId}/download`)),
  downloadProject: async (projectId: string, decorationIds: string[] = []): Promise<DownloadedFile> => {
    const query = decorationIds.length
      ? `?${new URLSearchParams({ ids: decorationIds.join(',') }).toString()}`
      : '';
    return downloadedFile(await api.send('GET', `project/${projectId}/download${query}`));
  },
};

/** A download and the name the server gave it (property, room and style in the customer's language). */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** The file name of a Content-Disposition header: the UTF-8 `filename*` (RFC 6266) first, else `filename`. */
export function attachmentFileName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // A malformed escape: the plain name below still names the file.
    }
  }
  return (
    /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] || /filename\s*=\s*([^;\s"]+)/i.exec(header)?.[1] || null
  );
}

const downloadedFile = async (response: Response): Promise<DownloadedFile> => ({
  fileName: attachmentFileName(response.headers.get('Content-Disposition')),
  blob: await response.blob(),
});

/** Hands a downloaded blob to the browser as a file. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
