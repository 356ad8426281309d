import { type AdminLedgerEntry, type AdminUser } from '@estancia/contracts';
import { staffSession } from '../../auth/staffSession';
import { type Reply } from '../../test/loopbackApi';

/** A customer as GET admin/users/:id answers, for the console's specs. */
export const carla: AdminUser = {
  id: 'u7',
  name: 'Carla Cliente',
  email: 'carla@example.com',
  role: 'customer',
  credits: 4,
  company: 'Carla Homes',
  phone: '',
  language: 'es',
  referralCode: 'CARLA1',
  verified: true,
  createdAt: '2025-02-01T09:30:00.000Z',
  plan: 'PRO',
  blocked: false,
  blockedAt: null,
  blockedReason: null,
  referredBy: { id: 'u3', name: 'Rita Referente', email: 'rita@example.com' },
};

export const grantEntry: AdminLedgerEntry = {
  id: 'l2',
  userId: 'u7',
  delta: 6,
  balanceAfter: 10,
  reason: 'admin_adjustment',
  idempotencyKey: 'admin:a1:k',
  createdAt: '2025-03-01T10:00:00.000Z',
  note: 'Ticket 42',
  grantedBy: { id: 'a1', name: 'Ada' },
};

/** A list answer as ra-data-simple-rest reads it: the rows and their Content-Range. */
export const listReply = (resource: string, rows: unknown[], total = rows.length): Reply => ({
  status: 200,
  body: rows,
  headers: { 'Content-Range': `${resource} 0-${Math.max(rows.length - 1, 0)}/${total}` },
});

/** The menu's badge asks for the review alerts on every page. */
export const alertsRoute = {
  'GET /data/admin/reviews/alerts': () => ({ status: 200, body: { atRisk: 0, overdue: 0 } }),
};

export const signInAs = (role: 'admin' | 'decorator' = 'admin') =>
  staffSession.save('staff-token-9', { id: 'a1', name: 'Ada', email: 'ada@estancia.test', role });

/** The list query's `filter` of a recorded request, parsed. */
export const filterOf = (url: string): Record<string, unknown> =>
  JSON.parse(new URL(url, 'http://x').searchParams.get('filter') ?? '{}') as Record<string, unknown>;

/** The window's width for useMediaQuery (happy-dom starts at 1024 px: a landscape tablet). */
export const setViewportWidth = (width: number) =>
  (
    window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM.setViewport({ width, height: 900 });

/** What the customer page asks for besides the account and its ledger, answered empty unless a spec says otherwise. */
export const emptyCustomerSections = {
  'GET /data/admin/projects': () => listReply('projects', []),
  'GET /data/admin/subscriptions': () => listReply('subscriptions', []),
  'GET /data/admin/payments': () => listReply('payments', []),
  'GET /data/admin/referrals': () => listReply('referrals', []),
};
