import { FLOOR_PATTERNS, FURNITURE_CATEGORIES, PRODUCT_TYPES } from '@estancia/contracts';

export const productTypeChoices = PRODUCT_TYPES.map((type) => ({
  id: type,
  name: `commerce.productTypes.${type}`,
}));
export const furnitureCategoryChoices = FURNITURE_CATEGORIES.map((category) => ({
  id: category,
  name: `commerce.furnitureCategories.${category}`,
}));
export const floorPatternChoices = FLOOR_PATTERNS.map((pattern) => ({
  id: pattern,
  name: `commerce.floorPatterns.${pattern}`,
}));
