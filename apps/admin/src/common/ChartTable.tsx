import { Box } from '@mui/material';
import { visuallyHidden } from '@estancia/ui';

export interface ChartTableProps<V> {
  title: string;
  /** The header of the first column (what a row is). */
  categoryLabel: string;
  series: { key: string; label: string }[];
  rows: { key: string; label: string; values: Record<string, V> }[];
  /** How a cell writes its figure (a missing one included). */
  written: (value: V | undefined) => string;
}

/**
 * The figures of a chart as a table only screen readers see: the drawing itself is hidden from them. The clip sits
 * on a box around the table: a table is never narrower than its content, so clipped itself it still stretched a
 * phone's page sideways.
 */
export const ChartTable = <V,>({ title, categoryLabel, series, rows, written }: ChartTableProps<V>) => (
  <Box sx={visuallyHidden}>
    <table>
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">{categoryLabel}</th>
          {series.map((s) => (
            <th key={s.key} scope="col">
              {s.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            {series.map((s) => (
              <td key={s.key}>{written(row.values[s.key])}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  </Box>
);
