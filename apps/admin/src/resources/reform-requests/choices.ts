import {
  CONTACT_PREFERENCES,
  REFORM_BUDGET_RANGES,
  REFORM_REQUEST_STATUSES,
  REFORM_SCOPES,
} from '@estancia/contracts';

/** Choices whose names are translation keys; react-admin translates them. */
export const statusChoices = REFORM_REQUEST_STATUSES.map((status) => ({
  id: status,
  name: `reformRequests.statuses.${status}`,
}));
export const scopeChoices = REFORM_SCOPES.map((scope) => ({
  id: scope,
  name: `reformRequests.scopes.${scope}`,
}));
export const budgetChoices = REFORM_BUDGET_RANGES.map((band) => ({
  id: band,
  name: `reformRequests.budgets.${band}`,
}));
export const contactChoices = CONTACT_PREFERENCES.map((way) => ({
  id: way,
  name: `reformRequests.contacts.${way}`,
}));
