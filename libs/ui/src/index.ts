export { brand, planColours, planColour, statusPalette, createEstanciaTheme } from './theme';
export { PlanChip, type PlanChipProps } from './PlanChip';
export { BrandLogo } from './BrandLogo';
export { visuallyHidden } from './visually-hidden';
