import { useTheme } from '@mui/material';
import {
  Bar,
  BarChart as Chart,
  CartesianGrid,
  Cell,
  LabelList,
  Legend,
  ResponsiveContainer,
  Text,
  XAxis,
  YAxis,
} from 'recharts';

export interface DrawnSeries {
  key: string;
  label: string;
  /** The theme's colours in turn when absent. */
  colour?: string;
}

export interface DrawnRow {
  key: string;
  label: string;
  /** A shorter tick under the bar ("8 Dec"); the label when absent. */
  tick?: string;
  /** null: no figure, so no bar (and no label). */
  values: Record<string, number | null>;
  /** One bar's own colour, for a single-series chart whose categories mean different things. */
  colour?: string;
}

export interface BarChartDrawingProps {
  series: DrawnSeries[];
  rows: DrawnRow[];
  /** One bar per row with the series stacked (their total on top), rather than a bar per series side by side. */
  stacked: boolean;
  formatValue: (value: number) => string;
  height: number;
}

/** Above this many bars, every tick and figure will not fit: recharts keeps the ticks that do, the table has all. */
const CROWDED = 12;

interface TickProps {
  x?: number;
  y?: number;
  width?: number;
  visibleTicksCount?: number;
  fill?: string;
  payload?: { value: string };
}

/** A category's name under its bar, wrapped onto two lines within the bar's slot rather than cut at the edges. */
const WrappedTick = ({ x = 0, y = 0, width = 0, visibleTicksCount = 1, fill, payload }: TickProps) => (
  <Text
    x={x}
    y={y}
    width={Math.max(24, width / Math.max(1, visibleTicksCount) - 6)}
    maxLines={2}
    textAnchor="middle"
    verticalAnchor="start"
    fontSize={12}
    fill={fill}
  >
    {payload?.value ?? ''}
  </Text>
);

/**
 * The drawing of the console's bar charts with recharts, in a chunk of its own that loads with the first chart.
 * It is hidden from screen readers (each chart reads the same figures out as a table), so recharts' keyboard
 * layer is off: a focusable chart inside an aria-hidden box would trap keyboard users.
 */
const BarChartDrawing = ({ series, rows, stacked, formatValue, height }: BarChartDrawingProps) => {
  const theme = useTheme();
  const crowded = rows.length > CROWDED;
  const ink = theme.palette.text.secondary;
  const turns = [
    theme.palette.primary.main,
    theme.palette.warning.main,
    theme.palette.info.main,
    theme.palette.error.main,
    theme.palette.success.main,
  ];
  const colourOf = (s: DrawnSeries, index: number) => s.colour ?? turns[index % turns.length]!;
  const data = rows.map((row) => ({
    tick: row.tick ?? row.label,
    total: series.reduce((sum, s) => sum + (row.values[s.key] ?? 0), 0),
    ...row.values,
  }));
  const written = (value: unknown) =>
    value === null || value === undefined || value === '' ? '' : formatValue(Number(value));
  const label = (dataKey: string) => (
    <LabelList
      dataKey={dataKey}
      position="top"
      fontSize={12}
      fill={theme.palette.text.primary}
      formatter={written}
    />
  );
  // A stack's total goes above its highest segment with a figure: the top series may have none in some rows.
  const topOf = rows.map((row) => {
    const filled = series.map((s) => row.values[s.key] ?? null);
    const highest = filled.findLastIndex((value) => value !== null && value > 0);
    return highest >= 0 ? highest : filled.findLastIndex((value) => value !== null);
  });
  const total = (index: number) => (
    <LabelList
      dataKey="total"
      content={(props) => {
        const {
          x,
          y,
          width,
          value,
          index: row,
        } = props as {
          x?: number | string;
          y?: number | string;
          width?: number | string;
          value?: unknown;
          index?: number;
        };
        if (row === undefined || topOf[row] !== index || x === undefined || y === undefined) return null;
        return (
          <text
            className="recharts-label"
            x={Number(x) + Number(width ?? 0) / 2}
            y={Number(y) - 6}
            textAnchor="middle"
            fontSize={12}
            fill={theme.palette.text.primary}
          >
            {written(value)}
          </text>
        );
      }}
    />
  );

  return (
    <ResponsiveContainer width="100%" height={height}>
      <Chart data={data} margin={{ top: 22, right: 8, bottom: 4, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke={theme.palette.divider} />
        <XAxis
          dataKey="tick"
          interval={crowded ? 'preserveStartEnd' : 0}
          minTickGap={4}
          height={42}
          tickLine={false}
          stroke={ink}
          tick={<WrappedTick />}
        />
        <YAxis
          allowDecimals={false}
          // Room above the tallest bar for its figure, clear of the legend.
          padding={{ top: 20 }}
          tickFormatter={(value: number) => formatValue(value)}
          width={64}
          stroke={ink}
          tick={{ fontSize: 12, fill: ink }}
        />
        {series.map((s, index) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.label}
            fill={colourOf(s, index)}
            stackId={stacked ? 'total' : undefined}
            isAnimationActive={false}
            maxBarSize={64}
          >
            {rows.map((row) => (
              <Cell key={row.key} fill={row.colour ?? colourOf(s, index)} />
            ))}
            {/* Each bar's figure, or a stack's total above its top segment; crowded bars leave them to the table. */}
            {!crowded && (stacked ? total(index) : label(s.key))}
          </Bar>
        ))}
        {series.length > 1 && (
          <Legend
            verticalAlign="top"
            align="left"
            iconType="square"
            wrapperStyle={{ paddingBottom: 8 }}
            formatter={(text: string) => <span style={{ color: theme.palette.text.primary }}>{text}</span>}
          />
        )}
      </Chart>
    </ResponsiveContainer>
  );
};

export default BarChartDrawing;
