import Box from '@mui/material/Box';
import { PRODUCT_NAME } from '@estancia/contracts';
import { brand } from './theme';

/** The word mark, drawn as SVG so no image file is needed; decorative when a label sits beside it. */
export function BrandLogo({ height = 32, title }: { height?: number; title?: string }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 150 32"
      sx={{ height, width: 'auto', display: 'block' }}
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      focusable="false"
    >
      <path d="M4 16 L16 5 L28 16 L28 28 L4 28 Z" fill={brand.primary} />
      <rect x="13" y="19" width="6" height="9" fill="#ffffff" />
      <text
        x="36"
        y="24"
        fontFamily="Segoe UI, Roboto, Arial, sans-serif"
        fontSize="20"
        fontWeight="700"
        fill={brand.primaryDark}
      >
        {PRODUCT_NAME}
      </text>
    </Box>
  );
}
