import type {
  ApiKeysResponse,
  CreateApiKeyRequest,
  CreatedApiKey,
  CreatedWebhookEndpoint,
  CreateWebhookEndpointRequest,
  WebhookDelivery,
  WebhooksResponse,
} from '@estancia/contracts';
import { api } from '../../../shared/api';

const id = (value: string) => encodeURIComponent(value);

/** The API keys and webhooks of the signed-in user (`/data/integrations/*`, under the app's session). */
export const integrationsApi = {
  keys: () => api.get<ApiKeysResponse>('integrations/keys'),
  createKey: (body: CreateApiKeyRequest) => api.post<CreatedApiKey>('integrations/keys', body),
  /** The old secret stops working at once; the answer carries the new one. */
  rotateKey: (keyId: string) => api.post<CreatedApiKey>(`integrations/keys/${id(keyId)}/rotate`),
  revokeKey: async (keyId: string): Promise<void> => {
    await api.send('DELETE', `integrations/keys/${id(keyId)}`);
  },
  webhooks: () => api.get<WebhooksResponse>('integrations/webhooks'),
  createWebhook: (body: CreateWebhookEndpointRequest) =>
    api.post<CreatedWebhookEndpoint>('integrations/webhooks', body),
  deleteWebhook: async (endpointId: string): Promise<void> => {
    await api.send('DELETE', `integrations/webhooks/${id(endpointId)}`);
  },
  resendDelivery: (deliveryId: string) =>
    api.post<WebhookDelivery>(`integrations/webhooks/deliveries/${id(deliveryId)}/resend`),
};

export const integrationKeys = {
  all: ['integrations'] as const,
  keys: ['integrations', 'keys'] as const,
  webhooks: ['integrations', 'webhooks'] as const,
};
