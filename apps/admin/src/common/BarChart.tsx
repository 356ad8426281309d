import { lazy, Suspense } from 'react';
import { Box, Typography } from '@mui/material';
import { ChartTable } from './ChartTable';

/** recharts (with d3 and redux) is a chunk of its own, loaded with the first chart rather than with the console. */
const BarChartDrawing = lazy(() => import('./BarChartDrawing'));

export interface BarSeries {
  key: string;
  label: string;
  colour: string;
}

export interface BarRow {
  key: string;
  /** The category as the table writes it ("8 December 2025", "Dana"). */
  label: string;
  /** A shorter tick under the bar ("8 Dec"); the label when absent. */
  tick?: string;
  values: Record<string, number>;
  /** One bar's own colour, for a single-series chart whose categories mean different things. */
  colour?: string;
}

export interface BarChartProps {
  id: string;
  title: string;
  /** The header of the table's first column (what a row is). */
  categoryLabel: string;
  series: BarSeries[];
  rows: BarRow[];
  emptyText: string;
  formatValue: (value: number) => string;
}

const HEIGHT = 260;

/**
 * A bar chart (stacked when there are several series) drawn with recharts. The drawing is hidden from screen
 * readers, which read the same figures from a table under the chart's title.
 */
export const BarChart = ({
  id,
  title,
  categoryLabel,
  series,
  rows,
  emptyText,
  formatValue,
}: BarChartProps) => {
  const titleId = `${id}-title`;
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ minWidth: 0 }}>
      <Typography id={titleId} component="h2" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{emptyText}</Typography>
      ) : (
        <>
          {/* The box keeps the chart's height while recharts loads, so the page does not jump. */}
          <Box aria-hidden="true" sx={{ height: HEIGHT }}>
            <Suspense fallback={null}>
              <BarChartDrawing
                series={series}
                rows={rows}
                stacked
                formatValue={formatValue}
                height={HEIGHT}
              />
            </Suspense>
          </Box>
          <ChartTable
            title={title}
            categoryLabel={categoryLabel}
            series={series}
            rows={rows}
            written={(value) => formatValue(value ?? 0)}
          />
        </>
      )}
    </Box>
  );
};
