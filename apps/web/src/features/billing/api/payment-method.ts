import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethodResponse } from '@estancia/contracts';
import { api } from '../../../shared/api';

// Saving or changing a card is a card_setup checkout session: the gateway's page, then back.
export { useStartCardSetup } from './checkout';

export const paymentMethodKeys = { paymentMethod: ['billing', 'payment-method'] as const };

export const paymentMethodApi = {
  get: async () => (await api.get<PaymentMethodResponse>('billing/payment-method')).paymentMethod,
  remove: async (): Promise<void> => {
    await api.send('DELETE', 'billing/payment-method');
  },
};

/** GET billing/payment-method: the saved card, or null. */
export function usePaymentMethod() {
  return useQuery({ queryKey: paymentMethodKeys.paymentMethod, queryFn: paymentMethodApi.get });
}

/** DELETE billing/payment-method. */
export function useDeletePaymentMethod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: paymentMethodApi.remove,
    onSuccess: () => {
      client.setQueryData(paymentMethodKeys.paymentMethod, null);
      return client.invalidateQueries({ queryKey: ['billing'] });
    },
  });
}
