import { type Review, type ReviewEvent } from '@estancia/contracts';

export const DANA = { id: '5b7c2a9e-1d2f-4c3b-9a8e-0f1e2d3c4b5a', name: 'Dana Decoradora' };
export const ADA = { id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', name: 'Ada Admin' };
export const OMAR = { id: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a', name: 'Omar Otro' };

/** A supervised review as GET /data/admin/reviews(/:id) answers it; queued unless told otherwise. */
export const aReview = (overrides: Partial<Review> = {}): Review => ({
  id: 'r1',
  decorationId: 'dec1',
  projectId: 'p1',
  propertyName: 'Piso en Gràcia',
  customer: { id: 'c1', email: 'carla@example.com', name: 'Carla Cliente' },
  roomType: 'livingroom',
  style: 'scandinavian',
  state: 'queued',
  sla: 'on_time',
  orderedAt: '2025-03-03T09:00:00.000Z',
  deadlineAt: '2025-03-07T09:00:00.000Z',
  workingMsLeft: 45_000_000,
  claimedBy: null,
  claimedAt: null,
  deliveredAt: null,
  draftUrl: '/files/draft-r1.jpg',
  originalUrl: '/files/original-r1.jpg',
  versionId: 'v1',
  structureChanged: false,
  // Nothing edited yet: the result is the AI draft itself.
  draft: {
    versionId: 'v1',
    number: 1,
    imageUrl: '/files/draft-r1.jpg',
    thumbnailUrl: '/files/draft-r1-thumb.jpg',
  },
  result: {
    versionId: 'v1',
    number: 1,
    imageUrl: '/files/draft-r1.jpg',
    thumbnailUrl: '/files/draft-r1-thumb.jpg',
  },
  thumbnailUrl: '/files/draft-r1-thumb.jpg',
  rendering: false,
  unrenderedEdits: false,
  ...overrides,
});

export const entered: ReviewEvent = {
  id: 'e1',
  action: 'entered',
  by: null,
  at: '2025-03-03T09:05:00.000Z',
  note: null,
  versionId: null,
};

export const staffUser = (member: { id: string; name: string }, role: 'decorator' | 'admin') => ({
  id: member.id,
  name: member.name,
  email: `${member.name.split(' ')[0].toLowerCase()}@estancia.test`,
  role,
  credits: 0,
  company: '',
  phone: '',
  language: 'es',
  referralCode: member.name.slice(0, 4).toUpperCase(),
  verified: true,
  createdAt: '2025-01-01T00:00:00.000Z',
});
