import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AiPreview,
  AiPreviewRequest,
  EditDocument,
  EditSession,
  Product,
  ProductType,
  RenderEditResponse,
  SaveEditRequest,
} from '@estancia/contracts';
import { api } from '../../../shared/api';
import { refreshProject, versionsKey } from '../live-updates';

/** The editor's products: wall paints and floors. */
const EDITOR_PRODUCT_TYPES = ['wall_paint', 'floor'] as const satisfies readonly ProductType[];

export const editApi = {
  session: (decorationId: string) => api.get<EditSession>(`decoration/${decorationId}/edit`),
  save: (decorationId: string, document: EditDocument, basedOn: string | null) =>
    api.put<EditSession>(`decoration/${decorationId}/edit`, { document, basedOn } satisfies SaveEditRequest),
  render: (decorationId: string) => api.post<RenderEditResponse>(`decoration/${decorationId}/edit/render`),
  /** The engine's result for one AI layer of the document as it is now (not saved), as it will be delivered. */
  aiPreview: (decorationId: string, document: EditDocument, layerId: string) =>
    api.post<AiPreview>(`decoration/${decorationId}/edit/ai-preview`, {
      document,
      layerId,
    } satisfies AiPreviewRequest),
  products: (type: ProductType) =>
    api.get<Product[]>(`catalogue/products?${new URLSearchParams({ type }).toString()}`),
};

export const editKeys = {
  session: (decorationId: string) => ['decoration', decorationId, 'edit'] as const,
  products: (type: ProductType) => ['catalogue', 'products', type] as const,
};

/**
 * The saved edit document of a decoration and what the editor draws it over. Never served from an
 * earlier visit's cache: the editor starts from the document it is given, so it must be the latest.
 */
export function useEditSession(decorationId: string) {
  return useQuery({
    queryKey: editKeys.session(decorationId),
    queryFn: () => editApi.session(decorationId),
    enabled: decorationId !== '',
    gcTime: 0,
  });
}

/** The catalogue's wall paints and floors (public, changes rarely). */
export function useEditorProducts() {
  return useQueries({
    queries: EDITOR_PRODUCT_TYPES.map((type) => ({
      queryKey: editKeys.products(type),
      queryFn: () => editApi.products(type),
      staleTime: 5 * 60_000,
    })),
    combine: (results) => ({
      // Each list keeps only its own type, so a product never shows twice.
      data: results.every((result) => result.isSuccess)
        ? results.flatMap((result, i) => result.data.filter((p) => p.type === EDITOR_PRODUCT_TYPES[i]))
        : undefined,
      isPending: results.some((result) => result.isPending),
      error: results.find((result) => result.isError)?.error ?? null,
    }),
  });
}

/** Autosave (PUT): the answer becomes the cached session, so a later read starts from it. */
export function useSaveEdit(decorationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ document, basedOn }: { document: EditDocument; basedOn: string | null }) =>
      editApi.save(decorationId, document, basedOn),
    onSuccess: (session) => client.setQueryData(editKeys.session(decorationId), session),
  });
}

/** "Save result": a new current version of the decoration, so the project and its versions are read again. */
export function useRenderEdit(decorationId: string, projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => editApi.render(decorationId),
    onSuccess: () => {
      void refreshProject(client, projectId);
      void client.invalidateQueries({ queryKey: versionsKey(decorationId) });
    },
    // A refused render may have changed what is left (LIMIT_REACHED): read the session again.
    onError: () => void client.invalidateQueries({ queryKey: editKeys.session(decorationId) }),
  });
}
