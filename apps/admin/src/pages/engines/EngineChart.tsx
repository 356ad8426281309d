import { lazy, Suspense } from 'react';
import { Box, Typography } from '@mui/material';
import { ChartTable } from '../../common/ChartTable';

/** The console's recharts drawing (a chunk of its own), loaded with the first chart rather than with the console. */
const BarChartDrawing = lazy(() => import('../../common/BarChartDrawing'));

export interface EngineChartSeries {
  key: string;
  label: string;
  colour?: string;
}

export interface EngineChartRow {
  key: string;
  label: string;
  /** null: no figure (no delivered decoration to divide by); drawn as no bar and written as a dash. */
  values: Record<string, number | null>;
}

export interface EngineChartProps {
  id: string;
  title: string;
  /** The header of the table's first column (what a row is). */
  categoryLabel: string;
  series: EngineChartSeries[];
  rows: EngineChartRow[];
  /** Series stacked into one bar per row (failures by reason) rather than side by side (p50 beside p95). */
  stacked?: boolean;
  formatValue: (value: number) => string;
}

const HEIGHT = 260;

/**
 * One figure per engine, drawn like the console's other charts (recharts). The drawing is hidden from screen
 * readers, which read the same figures from a table under the chart's title.
 */
export const EngineChart = ({
  id,
  title,
  categoryLabel,
  series,
  rows,
  stacked = false,
  formatValue,
}: EngineChartProps) => {
  const titleId = `${id}-title`;
  const written = (value: number | null | undefined) =>
    value === null || value === undefined ? '—' : formatValue(value);
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ minWidth: 0 }}>
      <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Box aria-hidden="true" sx={{ height: HEIGHT }}>
        <Suspense fallback={null}>
          <BarChartDrawing
            series={series}
            rows={rows}
            stacked={stacked}
            formatValue={formatValue}
            height={HEIGHT}
          />
        </Suspense>
      </Box>
      <ChartTable title={title} categoryLabel={categoryLabel} series={series} rows={rows} written={written} />
    </Box>
  );
};
