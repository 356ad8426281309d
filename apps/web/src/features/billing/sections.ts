/** The id of the packs section of /offers (`/offers#packs`). */
export const PACKS_ANCHOR = 'packs';

/**
 * Navigation state that opens /offers at its packs: links that must keep the plain `/offers` address
 * (the need-more-credits modal) pass this instead of the hash.
 */
export const PACKS_SECTION = { section: PACKS_ANCHOR } as const;

export const wantsPacks = (hash: string, state: unknown): boolean =>
  hash === `#${PACKS_ANCHOR}` || (state as { section?: unknown } | null)?.section === PACKS_ANCHOR;
