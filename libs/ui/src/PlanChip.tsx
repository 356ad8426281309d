import Chip, { type ChipProps } from '@mui/material/Chip';
import { planColour } from './theme';

export interface PlanChipProps extends Omit<ChipProps, 'label' | 'color'> {
  planName: string;
  label?: string;
}

/** The plan's name on its own colour (PRO and ULTIMATE stand out). */
export function PlanChip({ planName, label, sx, ...rest }: PlanChipProps) {
  const colour = planColour(planName);
  return (
    <Chip
      {...rest}
      label={label ?? planName}
      sx={[
        { backgroundColor: colour.background, color: colour.text, fontWeight: 600 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
