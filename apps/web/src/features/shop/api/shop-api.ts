import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateReformRequestBody,
  Favourite,
  FavouriteStatus,
  Recommendations,
  RecommendedProduct,
  ReformRequest,
  ShopProduct,
} from '@estancia/contracts';
import { api, ApiRequestError } from '../../../shared/api';
import { notifications } from '../../notifications/notifications';

export const shopApi = {
  recommendations: (decorationId: string) =>
    api.get<Recommendations>(`decoration/${decorationId}/recommendations`),
  favourites: () => api.get<Favourite[]>('catalogue/favourites'),
  addFavourite: (productId: string) =>
    api.post<FavouriteStatus>(`catalogue/favourites/${encodeURIComponent(productId)}`),
  removeFavourite: async (productId: string): Promise<FavouriteStatus> => {
    // send() throws ApiRequestError on a refusal, like the JSON calls.
    const response = await api.send('DELETE', `catalogue/favourites/${encodeURIComponent(productId)}`);
    return (await response.json()) as FavouriteStatus;
  },
  requestReform: (request: CreateReformRequestBody) => api.post<ReformRequest>('reform-requests', request),
};

export const shopKeys = {
  recommendations: (decorationId: string) => ['decoration', decorationId, 'recommendations'] as const,
  favourites: ['catalogue', 'favourites'] as const,
};

export function useRecommendations(decorationId: string, enabled: boolean) {
  return useQuery({
    queryKey: shopKeys.recommendations(decorationId),
    queryFn: () => shopApi.recommendations(decorationId),
    enabled,
  });
}

export function useFavourites(enabled: boolean) {
  return useQuery({ queryKey: shopKeys.favourites, queryFn: shopApi.favourites, enabled });
}

const mark = (list: RecommendedProduct[], productId: string, favourite: boolean) =>
  list.map((p) => (p.id === productId ? { ...p, favourite } : p));

/**
 * Adds or removes a favourite; every recommendation list in the cache shows the new state at once,
 * and each new favourite counts in the notification store's badge until the list is opened.
 */
export function useToggleFavourite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ product, favourite }: { product: ShopProduct; favourite: boolean }) =>
      favourite ? shopApi.addFavourite(product.id) : shopApi.removeFavourite(product.id),
    onSuccess: (status, { product, favourite }) => {
      client.setQueriesData<Recommendations>({ queryKey: ['decoration'] }, (old) =>
        old && 'furniture' in old
          ? {
              ...old,
              furniture: mark(old.furniture, status.productId, status.favourite),
              wall_paint: mark(old.wall_paint, status.productId, status.favourite),
              floor: mark(old.floor, status.productId, status.favourite),
            }
          : old,
      );
      void client.invalidateQueries({ queryKey: shopKeys.favourites });
      if (favourite) notifications.addNewFavourites(1);
      else
        notifications.toast('information', { key: 'shop.favouriteRemoved', values: { name: product.name } });
    },
    onError: (error) =>
      notifications.toast('error', {
        key: `errors:${error instanceof ApiRequestError ? error.code : 'INTERNAL'}`,
      }),
  });
}
