import { LEDGER_REASONS, LOCALES, ROLES } from '@estancia/contracts';

/** Choices whose names are translation keys; react-admin's SelectField translates them. */
export const roleChoices = ROLES.map((role) => ({ id: role, name: `console.roles.${role}` }));
export const languageChoices = LOCALES.map((locale) => ({ id: locale, name: `console.languages.${locale}` }));
export const ledgerReasonChoices = LEDGER_REASONS.map((reason) => ({
  id: reason,
  name: `console.ledgerReasons.${reason}`,
}));
