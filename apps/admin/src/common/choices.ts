import {
  LEDGER_REASONS,
  LOCALES,
  REVIEW_SLA_STATES,
  REVIEW_STATES,
  ROLES,
  ROOM_TYPES,
  STYLES,
} from '@estancia/contracts';

/** Choices whose names are translation keys; react-admin's SelectField translates them. */
export const roleChoices = ROLES.map((role) => ({ id: role, name: `console.roles.${role}` }));
export const languageChoices = LOCALES.map((locale) => ({ id: locale, name: `console.languages.${locale}` }));
export const ledgerReasonChoices = LEDGER_REASONS.map((reason) => ({
  id: reason,
  name: `console.ledgerReasons.${reason}`,
}));
export const roomTypeChoices = ROOM_TYPES.map((room) => ({ id: room, name: `console.roomTypes.${room}` }));
export const styleChoices = STYLES.map((style) => ({ id: style, name: `console.styles.${style}` }));
export const reviewStateChoices = REVIEW_STATES.map((state) => ({
  id: state,
  name: `console.reviewStates.${state}`,
}));
export const slaChoices = REVIEW_SLA_STATES.map((sla) => ({ id: sla, name: `console.slaStates.${sla}` }));
