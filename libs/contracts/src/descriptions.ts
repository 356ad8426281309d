import { z } from 'zod';
import { COSTS, LIMITS } from './constants';
import { FieldIssue } from './errors';

/** Languages a property description is written in (spec section 3: en, es, cat). */
export const DESCRIPTION_LANGUAGES = ['en', 'es', 'cat'] as const;
export type DescriptionLanguage = (typeof DESCRIPTION_LANGUAGES)[number];

export const PROPERTY_TYPES = ['apartment', 'penthouse', 'house', 'cabin'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const PROPERTY_FEATURES = [
  'balcony',
  'terrace',
  'garden',
  'garage',
  'elevator',
  'storage_room',
  'pool',
] as const;
export type PropertyFeature = (typeof PROPERTY_FEATURES)[number];

export const DESCRIPTION_LOCATION_MAX = 120;

/** Missing (or an empty number input, NaN) is "required"; anything else wrong is "invalid". */
const issue = (i: { input?: unknown }) =>
  i.input === undefined || i.input === null || i.input === '' || Number.isNaN(i.input)
    ? FieldIssue.REQUIRED
    : FieldIssue.INVALID;
const count = (min: number, max: number) =>
  z
    .number({ error: issue })
    .int(FieldIssue.INVALID)
    .min(min, FieldIssue.INVALID)
    .max(max, FieldIssue.INVALID);

/**
 * POST project/:id/descriptions: the property's facts (spec section 3). The writer uses exactly these
 * and nothing else. Features are a set: a repeated one is refused.
 */
export const descriptionFactsSchema = z.object({
  language: z.enum(DESCRIPTION_LANGUAGES, { error: issue }),
  location: z
    .string({ error: issue })
    .trim()
    .min(1, FieldIssue.REQUIRED)
    .max(DESCRIPTION_LOCATION_MAX, FieldIssue.TOO_LONG),
  squareMeters: count(1, 100_000),
  bedrooms: count(0, 50),
  bathrooms: count(1, 50),
  propertyType: z.enum(PROPERTY_TYPES, { error: issue }),
  features: z
    .array(z.enum(PROPERTY_FEATURES, FieldIssue.INVALID), { error: issue })
    .refine((list) => new Set(list).size === list.length, FieldIssue.INVALID),
});
export type DescriptionFacts = z.output<typeof descriptionFactsSchema>;
export type DescriptionFactsRequest = z.input<typeof descriptionFactsSchema>;

/** The same facts compare equal whatever the order of their features. */
export const normalizeFacts = (facts: DescriptionFacts): DescriptionFacts => ({
  language: facts.language,
  location: facts.location.trim().replace(/\s+/g, ' '),
  squareMeters: facts.squareMeters,
  bedrooms: facts.bedrooms,
  bathrooms: facts.bathrooms,
  propertyType: facts.propertyType,
  features: PROPERTY_FEATURES.filter((f) => facts.features.includes(f)),
});

export const sameFacts = (a: DescriptionFacts, b: DescriptionFacts): boolean =>
  JSON.stringify(normalizeFacts(a)) === JSON.stringify(normalizeFacts(b));

// ---- responses ----

/** generate: the first text of a description; regenerate: same facts again; modify: changed facts. */
export const DESCRIPTION_VERSION_KINDS = ['generate', 'regenerate', 'modify'] as const;
export type DescriptionVersionKind = (typeof DESCRIPTION_VERSION_KINDS)[number];
export const DESCRIPTION_VERSION_STATES = ['pending', 'ready', 'failed'] as const;
export type DescriptionVersionState = (typeof DESCRIPTION_VERSION_STATES)[number];

export const descriptionVersionSchema = z.object({
  id: z.string(),
  descriptionId: z.string(),
  projectId: z.string(),
  number: z.number().int(),
  language: z.enum(DESCRIPTION_LANGUAGES),
  kind: z.enum(DESCRIPTION_VERSION_KINDS),
  facts: descriptionFactsSchema,
  /** Null until the writer has finished (state pending) or when it failed. */
  text: z.string().nullable(),
  state: z.enum(DESCRIPTION_VERSION_STATES),
  /** Credits taken from the wallet for this version (0 when free or included in the plan). */
  credits: z.number().int(),
  /** Counted against the plan's monthly descriptions instead of credits. */
  includedInPlan: z.boolean(),
  createdAt: z.string(),
});
export type DescriptionVersion = z.infer<typeof descriptionVersionSchema>;

/** One description per project and language, with its whole history (newest version first). */
export const descriptionSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  language: z.enum(DESCRIPTION_LANGUAGES),
  facts: descriptionFactsSchema,
  currentVersionId: z.string().nullable(),
  regenerationsUsed: z.number().int(),
  freeRegenerationsLeft: z.number().int(),
  versions: z.array(descriptionVersionSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Description = z.infer<typeof descriptionSchema>;

/** The plan's monthly allowance; null when the user has no plan (descriptions are paid with credits). */
export const descriptionAllowanceSchema = z
  .object({
    /** null: unlimited. */
    perMonth: z.number().int().nullable(),
    usedThisMonth: z.number().int(),
  })
  .nullable();
export type DescriptionAllowance = z.infer<typeof descriptionAllowanceSchema>;

/** GET project/:id/descriptions */
export const projectDescriptionsSchema = z.object({
  descriptions: z.array(descriptionSchema),
  allowance: descriptionAllowanceSchema,
});
export type ProjectDescriptions = z.infer<typeof projectDescriptionsSchema>;

/** The DescriptionConfirmation event's payload: the finished (or failed) version and its project. */
export interface DescriptionConfirmationPayload {
  decoration: DescriptionVersion;
  project: { id: string; propertyName: string };
}

/**
 * What a new version costs (spec section 9), in units: a credit, or one of the plan's monthly
 * descriptions. The first text costs 1; the first 5 regenerations of a description are free, later
 * ones cost 1; changed facts ("modifying information") cost 1.
 */
export function descriptionUnits(kind: DescriptionVersionKind, regenerationsUsed: number): number {
  if (kind === 'generate') return COSTS.descriptionCredits;
  if (kind === 'modify') return COSTS.descriptionChangeCredits;
  return regenerationsUsed < LIMITS.descriptionFreeRegenerations ? 0 : COSTS.descriptionCredits;
}
