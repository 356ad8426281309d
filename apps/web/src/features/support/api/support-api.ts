import type { ContactRequestInput, ProblemReportInput, SupportReceipt } from '@estancia/contracts';
import { api } from '../../../shared/api';

/** Support calls under /data: the contact-sales form (public) and the problem report (signed in). */
export const supportApi = {
  contact: (body: ContactRequestInput) => api.post<SupportReceipt>('contact', body),
  reportProblem: (body: ProblemReportInput) => api.post<SupportReceipt>('problem-reports', body),
};
