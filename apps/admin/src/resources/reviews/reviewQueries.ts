import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { HttpError, useGetIdentity, useGetList, usePermissions } from 'react-admin';
import {
  type AdminUser,
  type NextReviewResponse,
  nextReviewResponseSchema,
  type Review,
  reviewAlertsSchema,
  reviewDashboardSchema,
  reviewDownloadPreviewSchema,
  reviewEventSchema,
  reviewSchema,
} from '@estancia/contracts';
import { staffFile, staffHttpClient } from '../../data/dataProvider';

/** How often the menu badge asks for reviews at risk or overdue. */
export const ALERTS_POLL_MS = 60_000;

const getJson = async (path: string): Promise<unknown> => (await staffHttpClient(`/data/admin/${path}`)).json;

/** GET reviews/:id/history, oldest first; react-admin's refresh refetches it with the record. */
export const useReviewHistory = (id: Review['id'] | undefined) =>
  useQuery({
    queryKey: ['reviews', 'history', id],
    enabled: Boolean(id),
    queryFn: async () =>
      reviewEventSchema.array().parse(await getJson(`reviews/${encodeURIComponent(id!)}/history`)),
  });

/** How often the approval dialog asks again while an edit is being rendered into a new result. */
export const RENDERING_POLL_MS = 2_000;

/**
 * GET reviews/:id for the approval dialog, fresh each time it opens (nothing kept once it closes): it must
 * show the result as it is now, and follows a render under way until it lands.
 */
export const useReviewForApproval = (id: Review['id']) =>
  useQuery({
    queryKey: ['reviews', 'approval', id],
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => (query.state.data?.rendering ? RENDERING_POLL_MS : false),
    queryFn: async () => reviewSchema.parse(await getJson(`reviews/${encodeURIComponent(id)}`)),
  });

/** POST reviews/next: claims the oldest unclaimed job for the signed-in staff member (null: none left). */
export const takeNextJob = async (): Promise<NextReviewResponse> =>
  nextReviewResponseSchema.parse(
    (await staffHttpClient('/data/admin/reviews/next', { method: 'POST', body: '{}' })).json,
  );

const previewPath = (id: Review['id']) => `reviews/${encodeURIComponent(id)}/download-preview`;

/** Once, unless refused (4xx): the dialog then shows the plain result at once rather than after retries. */
const retryOnceUnlessRefused = (failures: number, error: Error) =>
  failures < 1 && !(error instanceof HttpError && error.status >= 400 && error.status < 500);

/** GET reviews/:id/download-preview: whether the customer's plan marks the file the approval hands them. */
export const useDownloadPreview = (id: Review['id'], versionId: string | undefined) =>
  useQuery({
    queryKey: ['reviews', 'download-preview', id, versionId],
    enabled: Boolean(versionId),
    gcTime: 0,
    retry: retryOnceUnlessRefused,
    refetchOnWindowFocus: false,
    queryFn: async () => reviewDownloadPreviewSchema.parse(await getJson(previewPath(id))),
  });

/**
 * The file the customer will download (GET reviews/:id/download-preview/image, a bearer-token request, so
 * fetched as a Blob), as an object URL for an <img>; released when the dialog closes or the version changes.
 */
export const useDownloadPreviewImage = (id: Review['id'], versionId: string | undefined) => {
  const image = useQuery({
    queryKey: ['reviews', 'download-preview-image', id, versionId],
    enabled: Boolean(versionId),
    gcTime: 0,
    retry: retryOnceUnlessRefused,
    refetchOnWindowFocus: false,
    queryFn: () =>
      staffFile(`/data/admin/${previewPath(id)}/image?versionId=${encodeURIComponent(versionId!)}`),
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(image.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [image.data]);
  return { url, isPending: image.isPending || (Boolean(image.data) && !url), error: image.error };
};

/** GET reviews/alerts for the menu badge, polled while the console is open. */
export const useReviewAlerts = () =>
  useQuery({
    queryKey: ['reviews', 'alerts'],
    refetchInterval: ALERTS_POLL_MS,
    queryFn: async () => reviewAlertsSchema.parse(await getJson('reviews/alerts')),
  });

/** GET reviews/dashboard (admins only). */
export const useReviewDashboard = (enabled: boolean) =>
  useQuery({
    queryKey: ['reviews', 'dashboard'],
    enabled,
    queryFn: async () => reviewDashboardSchema.parse(await getJson('reviews/dashboard')),
  });

const STAFF_PAGE = { page: 1, perPage: 100 } as const;
const BY_NAME = { field: 'name', order: 'ASC' } as const;

/** Everyone who can hold a review: decorators, then admins (the users list filters one role at a time). */
export const useStaffMembers = (enabled = true) => {
  const byRole = (role: 'decorator' | 'admin') =>
    ({ filter: { role }, pagination: STAFF_PAGE, sort: BY_NAME }) as const;
  const decorators = useGetList<AdminUser>('users', byRole('decorator'), { enabled });
  const admins = useGetList<AdminUser>('users', byRole('admin'), { enabled });
  return [...(decorators.data ?? []), ...(admins.data ?? [])];
};

/** Who is looking: their id (to know whether they hold a claim) and whether they are an admin. */
export const useStaffViewer = () => {
  const { identity, isPending: identityPending } = useGetIdentity();
  const { permissions, isPending: permissionsPending } = usePermissions<string | null>();
  return {
    id: identity?.id === undefined ? undefined : String(identity.id),
    isAdmin: permissions === 'admin',
    isPending: identityPending || permissionsPending,
  };
};
