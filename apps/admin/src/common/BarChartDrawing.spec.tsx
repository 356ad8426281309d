import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import BarChartDrawing from './BarChartDrawing';

/**
 * happy-dom lays nothing out, so recharts' responsive container would measure 0 × 0 and draw nothing: it is
 * given the size a card has in the console, and a resize observer that reports it.
 */
const size = { width: 480, height: 260 };
beforeEach(() => {
  const measured = (element: Element) =>
    element.classList.contains('recharts-responsive-container') ? size : { width: 0, height: 0 };
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const { width, height } = measured(this);
    return { width, height, top: 0, left: 0, right: width, bottom: height, x: 0, y: 0, toJSON: () => ({}) };
  });
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: ResizeObserverCallback) {}
      observe(target: Element) {
        const contentRect = measured(target) as DOMRectReadOnly;
        this.report([{ target, contentRect } as ResizeObserverEntry], this as unknown as ResizeObserver);
      }
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const drawn = async (stacked: boolean) => {
  const { container } = render(
    <BarChartDrawing
      stacked={stacked}
      height={size.height}
      formatValue={(value) => `${value} u`}
      series={[
        { key: 'met', label: 'Dentro de plazo' },
        { key: 'missed', label: 'Fuera de plazo' },
      ]}
      rows={[
        { key: 'a', label: 'Borrador en curso', values: { met: 4, missed: 1 } },
        { key: 'b', label: 'A tiempo', values: { met: 2, missed: null } },
      ]}
    />,
  );
  await vi.waitFor(() => expect(container.querySelector('svg.recharts-surface')).toBeTruthy());
  return container;
};

describe('the console’s bar chart drawing (recharts)', () => {
  it('names every category and series, and is nothing a keyboard can reach', async () => {
    const chart = await drawn(true);
    const text = chart.textContent ?? '';
    for (const word of ['Borrador', 'curso', 'A tiempo', 'Dentro de plazo', 'Fuera de plazo'])
      expect(text).toContain(word);
    // recharts' keyboard layer would make the surface focusable inside the aria-hidden box around it.
    expect(chart.querySelectorAll('[tabindex], [role="application"]')).toHaveLength(0);
  });

  it('writes a stack’s total above it, or each bar’s own figure side by side', async () => {
    const stacked = await drawn(true);
    const labels = () =>
      Array.from(stacked.querySelectorAll('.recharts-label'), (label) => label.textContent);
    // The second row's top series has no figure: its total sits on the segment under it.
    await vi.waitFor(() => expect(labels().sort()).toEqual(['2 u', '5 u']));
    cleanup();
    const grouped = await drawn(false);
    await vi.waitFor(() =>
      expect(
        Array.from(grouped.querySelectorAll('.recharts-label'), (label) => label.textContent).sort(),
      ).toEqual(['1 u', '2 u', '4 u']),
    );
  });
});
