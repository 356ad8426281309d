import { Box, Stack, Typography } from '@mui/material';
import { ChartTable } from './ChartTable';

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

const HEIGHT = 220;
const TOP = 18;
const BOTTOM = 36;
const PLOT = HEIGHT - TOP - BOTTOM;

/**
 * A small SVG bar chart (stacked when there are several series), drawn by us rather than a chart library.
 * The drawing is hidden from screen readers, which read the same figures from a table under the chart's title.
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
  const slot = rows.length > 12 ? 26 : 64;
  const width = Math.max(320, rows.length * slot + 16);
  const totals = rows.map((row) => series.reduce((sum, s) => sum + (row.values[s.key] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const barWidth = slot * 0.62;
  const fontSize = slot < 40 ? 9 : 12;

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} component="h2" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{emptyText}</Typography>
      ) : (
        <>
          <Box
            component="svg"
            viewBox={`0 0 ${width} ${HEIGHT}`}
            aria-hidden="true"
            focusable="false"
            sx={{ display: 'block', width: '100%', maxWidth: width * 1.5, height: 'auto' }}
          >
            <line
              x1={0}
              x2={width}
              y1={TOP + PLOT}
              y2={TOP + PLOT}
              stroke="currentColor"
              strokeOpacity={0.3}
            />
            {rows.map((row, index) => {
              const x = 8 + index * slot + (slot - barWidth) / 2;
              let y = TOP + PLOT;
              return (
                <g key={row.key}>
                  {series.map((s) => {
                    const value = row.values[s.key] ?? 0;
                    const height = (value / max) * PLOT;
                    y -= height;
                    return value > 0 ? (
                      <rect
                        key={s.key}
                        x={x}
                        y={y}
                        width={barWidth}
                        height={height}
                        fill={row.colour ?? s.colour}
                        rx={2}
                      />
                    ) : null;
                  })}
                  <text
                    x={x + barWidth / 2}
                    y={y - 4}
                    textAnchor="middle"
                    fontSize={fontSize}
                    fill="currentColor"
                  >
                    {formatValue(totals[index])}
                  </text>
                  <text
                    x={x + barWidth / 2}
                    y={TOP + PLOT + 16}
                    textAnchor="middle"
                    fontSize={fontSize}
                    fill="currentColor"
                  >
                    {row.tick ?? row.label}
                  </text>
                </g>
              );
            })}
          </Box>
          {series.length > 1 && (
            <Stack direction="row" spacing={2} aria-hidden="true" sx={{ mt: 1 }}>
              {series.map((s) => (
                <Stack key={s.key} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                  <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: s.colour }} />
                  <Typography variant="caption">{s.label}</Typography>
                </Stack>
              ))}
            </Stack>
          )}
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
