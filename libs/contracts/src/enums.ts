/** The product's vocabularies (spec section 3). Values are the wire values. */

export const LOCALES = ['es', 'ca', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'es';
export const FALLBACK_LOCALE: Locale = 'en';
export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

export const ROLES = ['customer', 'decorator', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const STAFF_ROLES: readonly Role[] = ['decorator', 'admin'];

export const PLAN_CODES = ['STARTER', 'PRO', 'ULTIMATE', 'BUSINESS'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];

export const DECORATION_TYPES = ['automatic', 'supervised'] as const;
export type DecorationType = (typeof DECORATION_TYPES)[number];

export const ROOM_TYPES = [
  'bedroom',
  'livingroom',
  'empty_room',
  'kitchen',
  'bathroom',
  'diningroom',
  'study_room',
  'office',
  'bedroom_individual',
  'dining_living_room',
  'living_kitchen_room',
  'terrace',
  'gameroom',
  'childrenroom',
] as const;
export type RoomType = (typeof ROOM_TYPES)[number];
export const ROOM_TYPES_COMING_SOON: readonly RoomType[] = ['terrace', 'gameroom', 'childrenroom'];
/**
 * The rooms every customer may order (PlanRights.allRoomsAndStyles unlocks the rest): the spec lists these
 * six first, and they are the rooms every home has, so a customer without a plan can stage a whole flat.
 */
export const BASIC_ROOM_TYPES: readonly RoomType[] = [
  'bedroom',
  'livingroom',
  'empty_room',
  'kitchen',
  'bathroom',
  'diningroom',
];

export const STYLES = [
  'modern',
  'minimalist',
  'classic',
  'coastal',
  'rustic',
  'industrial',
  'scandinavian',
  'mediterranean',
  'vintage',
  'bohemian',
  'housfy',
  'tropical',
  'tribal',
] as const;
export type Style = (typeof STYLES)[number];
export const STYLES_COMING_SOON: readonly Style[] = ['tropical', 'tribal'];
/**
 * The styles every customer may order: the timeless, most asked-for looks that suit any listing; the
 * themed ones (coastal, rustic, industrial, vintage, bohemian, the housfy brand style) come with allRoomsAndStyles.
 */
export const BASIC_STYLES: readonly Style[] = [
  'modern',
  'minimalist',
  'classic',
  'scandinavian',
  'mediterranean',
];

/** Ledger reasons: why credits moved. */
export const LEDGER_REASONS = [
  'signup_bonus',
  'pack_purchase',
  'decoration_purchase',
  'subscription_grant',
  'referral_reward',
  // a referral reward taken back (what was unspent of it) when the purchase that earned it was fully refunded
  'referral_reward_reversed',
  'decoration',
  'decoration_refund',
  'description',
  'admin_adjustment',
  'payment_refund',
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

/** Project status values (spec section 4: 2 when every ordered image is done). */
export const PROJECT_STATUS = { pending: 0, processing: 1, finished: 2 } as const;
export type ProjectStatus = (typeof PROJECT_STATUS)[keyof typeof PROJECT_STATUS];
