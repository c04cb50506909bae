import { axisBottom, axisLeft, max, scaleBand, scaleLinear, select, type Selection } from 'd3';
import { useEffect, useRef, useState } from 'react';
import type { MonthlyBreakdownEntry } from '../../../../common/search/types.ts';
import { formatCount, longMonth, shortMonth } from './searchFormat.ts';
import { message } from './searchText.ts';

const MARGIN = { top: 16, right: 12, bottom: 44, left: 56 };
/** Enough room per tick label ("Jun 2025") before labels are thinned out. */
const TICK_SPACING_PX = 64;

interface Tip {
  x: number;
  y: number;
  title: string;
  detail: string;
}

function describe(entry: MonthlyBreakdownEntry): Pick<Tip, 'title' | 'detail'> {
  const title = longMonth(entry.month);
  if (!entry.hasData || entry.totalCrimes === null)
    return { title, detail: message('search.chart.noDataMonth') };
  return {
    title,
    detail: message('search.chart.crimes', { count: entry.totalCrimes, incomplete: entry.incomplete }),
  };
}

/**
 * Crimes per month as a d3 bar chart. React owns the container; d3 owns what is drawn inside the
 * SVG and redraws it when the months or the width change. A month without data is drawn as a
 * hatched "no data" column, never as a zero bar.
 */
export function MonthlyChart({ months }: { months: readonly MonthlyBreakdownEntry[] }) {
  const wrapperRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [tip, setTip] = useState<Tip | null>(null);

  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!wrapper) return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      setSize((old) => (old && old.width === width && old.height === height ? old : { width, height }));
    });
    observer.observe(wrapper);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const svgElement = svgRef.current;
    if (!svgElement || !size || size.width === 0) return;
    const { width, height } = size;
    const innerWidth = width - MARGIN.left - MARGIN.right;
    const innerHeight = height - MARGIN.top - MARGIN.bottom;
    const ordered = [...months].sort((a, b) => a.month.localeCompare(b.month));

    const x = scaleBand<string>()
      .domain(ordered.map((m) => m.month))
      .range([0, innerWidth])
      .padding(0.22);
    const highest = max(ordered, (m) => m.totalCrimes ?? 0) ?? 0;
    const y = scaleLinear()
      .domain([0, Math.max(1, highest)])
      .nice(5)
      .range([innerHeight, 0]);

    const svg = select(svgElement);
    svg.selectAll('*').remove();
    svg.attr('viewBox', `0 0 ${width} ${height}`).attr('width', width).attr('height', height);

    const defs = svg.append('defs');
    defs
      .append('pattern')
      .attr('id', 'monthly-chart-no-data')
      .attr('patternUnits', 'userSpaceOnUse')
      .attr('width', 8)
      .attr('height', 8)
      .attr('patternTransform', 'rotate(45)')
      .append('rect')
      .attr('width', 3)
      .attr('height', 8)
      .attr('class', 'monthly-chart__hatch');

    const plot = svg.append('g').attr('transform', `translate(${MARGIN.left},${MARGIN.top})`);

    const every = Math.max(
      1,
      Math.ceil(ordered.length / Math.max(1, Math.floor(innerWidth / TICK_SPACING_PX))),
    );
    plot
      .append('g')
      .attr('class', 'monthly-chart__grid')
      .call(
        axisLeft(y)
          .ticks(5)
          .tickSize(-innerWidth)
          .tickFormat(() => ''),
      )
      .call((g) => g.select('.domain').remove());

    plot
      .append('g')
      .attr('class', 'monthly-chart__axis monthly-chart__axis--y')
      .call(
        axisLeft(y)
          .ticks(5)
          .tickFormat((v) => formatCount(Number(v))),
      )
      .call((g) => g.select('.domain').remove());

    plot
      .append('g')
      .attr('class', 'monthly-chart__axis monthly-chart__axis--x')
      .attr('transform', `translate(0,${innerHeight})`)
      .call(
        axisBottom(x)
          .tickValues(ordered.filter((_, i) => (ordered.length - 1 - i) % every === 0).map((m) => m.month))
          .tickFormat((m) => shortMonth(m))
          .tickSizeOuter(0),
      );

    plot
      .append('text')
      .attr('class', 'monthly-chart__axis-title')
      .attr('transform', 'rotate(-90)')
      .attr('x', -innerHeight / 2)
      .attr('y', -MARGIN.left + 14)
      .attr('text-anchor', 'middle')
      .text(message('search.chart.axis'));

    const bars = plot
      .append('g')
      .attr('role', 'list')
      .selectAll<SVGGElement, MonthlyBreakdownEntry>('g')
      .data(ordered)
      .join('g')
      .attr('role', 'listitem')
      // One tab stop for the whole chart (the latest month); arrow keys move between months.
      .attr('tabindex', (_d, i) => (i === ordered.length - 1 ? 0 : -1))
      .attr('class', (d) =>
        d.hasData && d.totalCrimes !== null ? 'monthly-chart__bar' : 'monthly-chart__bar is-no-data',
      )
      .attr('aria-label', (d) => {
        const { title, detail } = describe(d);
        return `${title}: ${detail}`;
      });

    const band = x.bandwidth();
    bars.each(function (d) {
      const g = select(this);
      const left = x(d.month) ?? 0;
      if (!d.hasData || d.totalCrimes === null) {
        g.append('rect')
          .attr('x', left)
          .attr('y', 0)
          .attr('width', band)
          .attr('height', innerHeight)
          .attr('rx', 3)
          .attr('fill', 'url(#monthly-chart-no-data)')
          .attr('class', 'monthly-chart__no-data');
        if (band >= 14) {
          g.append('text')
            .attr('class', 'monthly-chart__no-data-label')
            .attr('transform', `translate(${left + band / 2},${innerHeight / 2}) rotate(-90)`)
            .attr('text-anchor', 'middle')
            .attr('dominant-baseline', 'central')
            .text(message('search.summary.noData'));
        }
        return;
      }
      const top = y(d.totalCrimes);
      g.append('rect')
        .attr('x', left)
        .attr('y', top)
        .attr('width', band)
        .attr('height', Math.max(0, innerHeight - top))
        .attr('rx', Math.min(4, band / 4))
        .attr('class', d.incomplete ? 'monthly-chart__fill is-incomplete' : 'monthly-chart__fill');
      // A transparent full-height target, so thin or short bars are easy to point at.
      g.append('rect')
        .attr('x', left)
        .attr('y', 0)
        .attr('width', band)
        .attr('height', innerHeight)
        .attr('fill', 'transparent');
    });

    const show = (element: SVGGElement, d: MonthlyBreakdownEntry) => {
      const left = (x(d.month) ?? 0) + band / 2 + MARGIN.left;
      const top = d.totalCrimes === null ? innerHeight / 2 : y(d.totalCrimes);
      setTip({ x: left, y: top + MARGIN.top, ...describe(d) });
      select(element).classed('is-active', true);
    };
    const hide = (element: SVGGElement) => {
      setTip(null);
      select(element).classed('is-active', false);
    };
    (bars as Selection<SVGGElement, MonthlyBreakdownEntry, SVGGElement, unknown>)
      .on('pointerenter focus', function (_event, d) {
        show(this, d);
      })
      .on('pointerleave blur', function () {
        hide(this);
      })
      .on('keydown', function (event: KeyboardEvent) {
        const all = bars.nodes();
        const index = all.indexOf(this);
        const target =
          event.key === 'ArrowRight' || event.key === 'ArrowDown'
            ? all[index + 1]
            : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
              ? all[index - 1]
              : event.key === 'Home'
                ? all[0]
                : event.key === 'End'
                  ? all.at(-1)
                  : undefined;
        if (!target) return;
        event.preventDefault();
        this.setAttribute('tabindex', '-1');
        target.setAttribute('tabindex', '0');
        target.focus();
      });

    return () => {
      svg.selectAll('*').remove();
    };
  }, [months, size]);

  return (
    <div className="monthly-chart" ref={wrapperRef}>
      <svg
        ref={svgRef}
        className="monthly-chart__svg"
        role="group"
        aria-label={message('search.chart.label')}
      />
      {tip && (
        <div className="monthly-chart__tooltip" role="tooltip" style={{ left: tip.x, top: tip.y }}>
          <strong>{tip.title}</strong>
          <span>{tip.detail}</span>
        </div>
      )}
    </div>
  );
}
