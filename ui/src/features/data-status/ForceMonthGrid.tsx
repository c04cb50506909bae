import { scaleBand, select } from 'd3';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { ForceDataStatus } from '../../../../common/contracts/data-status.ts';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { shortMonth } from '../search/searchFormat.ts';
import { STATUS_LABELS } from './dataStatusText.ts';

const monthLabel = (month: string) => shortMonth(month, PAGE_LOCALE);

const ROW_PX = 16;
const MIN_CELL_PX = 10;
const TOP_PX = 28;
const LABEL_PX = { narrow: 112, wide: 220 };
/** Between a force's name and its first cell. */
const LABEL_GAP_PX = 6;
const NARROW_BELOW_PX = 600;

/**
 * Forces down, months across, one cell per force-month coloured by its status. React owns the
 * wrapper; d3 draws inside the SVG and redraws when the data or the width change. Each cell
 * carries its force, month and status as data attributes, so what is drawn can be checked against
 * the table beneath (the table is what assistive technology reads; the grid is aria-hidden).
 */
export function ForceMonthGrid({ forces }: { forces: readonly ForceDataStatus[] }) {
  const wrapperRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const [width, setWidth] = useState(0);
  const intl = useIntl();

  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!wrapper) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(wrapper);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const svgElement = svgRef.current;
    if (!svgElement || width === 0) return;
    const months = forces[0]?.months.map((m) => m.month) ?? [];
    const narrow = width < NARROW_BELOW_PX;
    const names = new Map(forces.map((f) => [f.id, narrow ? shortName(f.name) : f.name]));
    const svg = select(svgElement);
    svg.selectAll('*').remove();
    // The names' column is as wide as the widest name in the font drawn (never cut on its left,
    // whatever the language or the fonts); on a phone the months then scroll beside them.
    const labelPx = Math.max(
      narrow ? LABEL_PX.narrow : LABEL_PX.wide,
      Math.ceil(widestText(svgElement, [...names.values()])) + 2 * LABEL_GAP_PX,
    );
    const gridWidth = Math.max(months.length * MIN_CELL_PX, width - labelPx);
    const height = TOP_PX + forces.length * ROW_PX;
    const x = scaleBand<string>().domain(months).range([0, gridWidth]).padding(0.08);
    const y = scaleBand<string>()
      .domain(forces.map((f) => f.id))
      .range([0, forces.length * ROW_PX])
      .padding(0.08);

    svg
      .attr('width', labelPx + gridWidth)
      .attr('height', height)
      .attr('viewBox', `0 0 ${labelPx + gridWidth} ${height}`);

    // Month labels: the first, the last and about every 80 px between.
    const every = Math.max(1, Math.ceil(80 / Math.max(1, x.step())));
    svg
      .append('g')
      .attr('class', 'force-grid__months')
      .attr('transform', `translate(${labelPx},0)`)
      .selectAll('text')
      .data(months.filter((_, i) => i % every === 0 || i === months.length - 1))
      .join('text')
      .attr('x', (m) => (x(m) ?? 0) + x.bandwidth() / 2)
      .attr('y', TOP_PX - 10)
      .attr('text-anchor', 'middle')
      .text(monthLabel);

    const rows = svg
      .append('g')
      .attr('transform', `translate(0,${TOP_PX})`)
      .selectAll('g')
      .data(forces)
      .join('g')
      .attr('class', 'force-grid__row')
      .attr('transform', (f) => `translate(0,${y(f.id) ?? 0})`);
    rows
      .append('text')
      .attr('class', 'force-grid__force')
      .attr('x', labelPx - LABEL_GAP_PX)
      .attr('y', y.bandwidth() / 2)
      .attr('dy', '0.35em')
      .attr('text-anchor', 'end')
      .text((f) => names.get(f.id) ?? f.name);
    rows
      .append('g')
      .attr('transform', `translate(${labelPx},0)`)
      .selectAll('rect')
      .data((f) => f.months.map((m) => ({ force: f, ...m })))
      .join('rect')
      .attr('class', (c) => `force-grid__cell force-grid__cell--${c.status}`)
      .attr('data-force', (c) => c.force.id)
      .attr('data-month', (c) => c.month)
      .attr('data-status', (c) => c.status)
      .attr('x', (c) => x(c.month) ?? 0)
      .attr('width', x.bandwidth())
      .attr('height', y.bandwidth())
      .append('title')
      .text(
        (c) =>
          `${c.force.name}, ${monthLabel(c.month)}: ${intl.formatMessage({ id: STATUS_LABELS[c.status] })}`,
      );
  }, [forces, width, intl]);

  return (
    <div ref={wrapperRef} className="force-grid" aria-hidden="true">
      <svg ref={svgRef} className="force-grid__svg" />
    </div>
  );
}

/** The width of the widest of `texts` as a force's name is drawn in `svg`. */
function widestText(svg: SVGSVGElement, texts: readonly string[]): number {
  const probe = select(svg).append('text').attr('class', 'force-grid__force');
  let widest = 0;
  for (const text of texts) {
    probe.text(text);
    widest = Math.max(widest, probe.node()?.getComputedTextLength() ?? 0);
  }
  probe.remove();
  return widest;
}

/**
 * A force's name without "Police", "Constabulary" and the like ("Heddlu" in a Welsh force's
 * Welsh name), to fit a phone's width.
 */
function shortName(name: string): string {
  return (
    name
      .replace(/\b(Police|Constabulary|Service|Heddlu)\b/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      // "Police Service of Northern Ireland" is "Northern Ireland", not "of Northern Ireland".
      .replace(/^of\s+/, '')
  );
}
