import type { DeleteAccountRequest, StatusResponse } from '@estancia/contracts';
import { api } from '../../../shared/api';
import { saveBlob } from '../../projects/api/projects-api';

const fileNameOf = (response: Response, fallback: string): string =>
  /filename="?([^";]+)"?/i.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? fallback;

export const accountApi = {
  /** POST user/deleteAccount: with the password, or the e-mail typed again for an account without one. */
  deleteAccount: (body: DeleteAccountRequest) => api.post<StatusResponse>('user/deleteAccount', body),
  /** GET user/exportData: the zip carries the bearer token, so it comes through fetch and is saved as a file. */
  exportData: async (): Promise<void> => {
    const response = await api.send('GET', 'user/exportData');
    saveBlob(await response.blob(), fileNameOf(response, 'estancia-data.zip'));
  },
};
