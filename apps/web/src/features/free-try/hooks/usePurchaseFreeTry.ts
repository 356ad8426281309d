import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutSession } from '@estancia/contracts';
import { reportApiError } from '../../../shared/forms';
import { notifications } from '../../notifications/notifications';
import { session } from '../../session/session';
import { freeTryApi } from '../api/free-try-api';
import { takePendingPurchase } from '../free-try-storage';
import { hdDownload } from '../hd-download';

/** POST free-try/:id/purchase: one credit for the try's HD image; the download starts and the balance shows. */
export function usePurchaseFreeTry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tryId: string) => freeTryApi.purchase(tryId),
    onSuccess: ({ downloadUrl, balance }) => {
      const user = session.getState().user;
      if (user) session.setUser({ ...user, credits: balance });
      void client.invalidateQueries({ queryKey: ['wallet'] });
      hdDownload.start(downloadUrl);
      notifications.toast('information', { key: 'freeTry.hd.started' });
    },
    onError: (error) => reportApiError(error),
  });
}

/**
 * Back from the gateway with the single decoration paid: the try that waited for it is bought with the
 * credit it brought, once.
 */
export function useCompletePendingPurchase(checkout: CheckoutSession | undefined): void {
  const { mutate } = usePurchaseFreeTry();
  const done = useRef(false);
  const paid = checkout?.state === 'paid' && checkout.kind === 'decoration';
  useEffect(() => {
    if (!paid || done.current) return;
    done.current = true;
    const tryId = takePendingPurchase();
    if (tryId) mutate(tryId);
  }, [paid, mutate]);
}
