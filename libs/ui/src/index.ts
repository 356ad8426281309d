export { brand, planColours, planColour, createEstanciaTheme } from './theme';
export { PlanChip, type PlanChipProps } from './PlanChip';
export { BrandLogo } from './BrandLogo';
