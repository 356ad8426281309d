import {
  descriptionUnits,
  LIMITS,
  sameFacts,
  type Description,
  type DescriptionAllowance,
  type DescriptionFacts,
  type DescriptionVersionKind,
} from '@estancia/contracts';

/** What the next version will cost, as the Descriptions tab shows it before the customer asks for it. */
export type DescriptionCost =
  | { kind: 'free'; left: number }
  | { kind: 'credits'; credits: number }
  | { kind: 'plan'; left: number | null; perMonth: number | null }
  | { kind: 'limit' };

export function versionKind(
  current: Description | undefined,
  facts: DescriptionFacts | null,
): DescriptionVersionKind {
  if (!current) return 'generate';
  return facts && !sameFacts(current.facts, facts) ? 'modify' : 'regenerate';
}

/** The same rules as the API (spec section 9): see DescriptionsService. */
export function descriptionCost(
  kind: DescriptionVersionKind,
  current: Description | undefined,
  allowance: DescriptionAllowance,
): DescriptionCost {
  const used = current?.regenerationsUsed ?? 0;
  const units = descriptionUnits(kind, used);
  if (units === 0) return { kind: 'free', left: LIMITS.descriptionFreeRegenerations - used };
  if (!allowance) return { kind: 'credits', credits: units };
  if (allowance.perMonth === null) return { kind: 'plan', left: null, perMonth: null };
  const left = allowance.perMonth - allowance.usedThisMonth;
  return left >= units ? { kind: 'plan', left, perMonth: allowance.perMonth } : { kind: 'limit' };
}
