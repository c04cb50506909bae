import { hexbin } from 'd3-hexbin';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import {
  CRIME_CATEGORIES,
  isCrimeCategorySlug,
  type CrimeCategorySlug,
} from '../../../../common/crime/categories.ts';
import { clusterMarks } from '../../../../common/map/cluster.ts';
import { frameAt } from '../../../../common/map/frame.ts';
import { shownCounts, type MapMark, type SearchMapResponse } from '../../../../common/map/marks.ts';
import { nextInDirection, type ArrowDirection } from '../../../../common/map/navigation.ts';
import { categorySymbol, type CategorySymbol } from '../../../../common/map/symbols.ts';
import type { Bbox } from '../../../../common/search/geometry.ts';
import { Button } from '../../shared/ui/Button.tsx';
import { BaseLayer } from './map/BaseLayer.tsx';
import { fitProjection, outlinePath, pixelsPerMetre } from './map/mapProjection.ts';
import { shapePath } from './map/symbols.ts';
import { useMapTiles } from './map/useMapTiles.ts';
import { mapNote, outlineLabel, whereFromCentre } from './map/mapWords.ts';
import { categoryLabel, formatCount } from './searchFormat.ts';
import './searchMap.css';

/**
 * Side of every mark's tap target, in CSS pixels: above WCAG 2.2's 24 px minimum target size. Marks
 * nearer than this on both axes are drawn as one cluster, so targets never overlap and a tap
 * lands on the mark under the finger.
 */
const TARGET = 28;
const CLUSTER_RADIUS = 13;
const ARROWS: Record<string, ArrowDirection> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

export interface SearchMapProps {
  map: SearchMapResponse;
  /** Crimes of the search, with and without a location. */
  totalCrimes: number;
  hidden: ReadonlySet<CrimeCategorySlug>;
  selected: string | undefined;
  /** The mark of the incident-table row chosen with "Show on map". */
  highlighted: string | undefined;
  onToggleCategory: (slug: CrimeCategorySlug) => void;
  onShowAll: () => void;
  onSelect: (mark: string | undefined) => void;
}

interface Drawn {
  id: string;
  mark: MapMark;
  x: number;
  y: number;
  weight: number;
  symbol: CategorySymbol;
  label: string;
}

/** What a tap or Enter acts on: one mark, or a cluster of near ones that zooms in. */
interface Target {
  id: string;
  kind: 'mark' | 'cluster';
  x: number;
  y: number;
  members: Drawn[];
  crimes: number;
  label: string;
}

function mapSize(width: number): { width: number; height: number } {
  // Square-ish on a phone, wide on a desktop; whole pixels, so targets are exactly TARGET px.
  const height = Math.round(Math.min(520, Math.max(300, width * (width < 560 ? 1 : 0.62))));
  return { width: Math.round(width), height };
}

/**
 * The search drawn with d3 on a base layer (tiles from MAP_TILE_URL, else the store's
 * neighbourhoods and their names): the area's outline, and its crimes as marks whose shape and
 * colour are their most common shown category, grouped with a count where they would crowd. The
 * legend's buttons hide and show categories; the marks are one tab stop, moved between with the
 * arrow keys; Enter (or a tap) chooses a mark, whose crimes the incident table then lists, or
 * zooms into a cluster.
 */
export function SearchMap({
  map,
  totalCrimes,
  hidden,
  selected,
  highlighted,
  onToggleCategory,
  onShowAll,
  onSelect,
}: SearchMapProps) {
  const intl = useIntl();
  const canvasRef = useRef<HTMLDivElement>(null);
  const targetRefs = useRef(new Map<string, SVGGElement>());
  const [focusId, setFocusId] = useState<string | undefined>(undefined);
  const [size, setSize] = useState(() => mapSize(640));
  const [view, setView] = useState<Bbox | null>(null);
  const pendingFocus = useRef<string | undefined>(undefined);
  const tiles = useMapTiles();

  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const measure = () => {
      const next = mapSize(canvas.clientWidth || 640);
      setSize((old) => (old.width === next.width && old.height === next.height ? old : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  // A new search shows its whole area again.
  useEffect(() => setView(null), [map]);

  const { width, height } = size;
  const projection = useMemo(() => fitProjection(map, width, height, view), [map, width, height, view]);

  const legend = useMemo(() => {
    const totals = new Map<CrimeCategorySlug, number>();
    for (const mark of map.marks) {
      for (const [slug, count] of Object.entries(mark.counts))
        if (isCrimeCategorySlug(slug)) totals.set(slug, (totals.get(slug) ?? 0) + count);
    }
    return CRIME_CATEGORIES.filter((c) => totals.has(c.slug))
      .map((c) => ({ category: c, count: totals.get(c.slug)!, symbol: categorySymbol(c.slug) }))
      .sort((a, b) => b.count - a.count);
  }, [map]);

  const drawn = useMemo(() => {
    const frame = frameAt(map.centre);
    const shown = new Set(CRIME_CATEGORIES.map((c) => c.slug).filter((slug) => !hidden.has(slug)));
    const out: Drawn[] = [];
    for (const mark of map.marks) {
      const { total, top } = shownCounts(mark, shown);
      if (total === 0 || !top) continue;
      const [x, y] = projection([mark.lng, mark.lat]) ?? [-1, -1];
      const parts = Object.entries(mark.counts)
        .filter(([slug]) => isCrimeCategorySlug(slug) && shown.has(slug))
        .sort((a, b) => b[1] - a[1])
        .map(([slug, count]) => `${formatCount(count)} ${categoryLabel(slug)}`);
      out.push({
        id: mark.id,
        mark,
        x,
        y,
        weight: total,
        symbol: categorySymbol(top),
        label: intl.formatMessage(
          { id: 'search.map.mark' },
          {
            count: total,
            kind: map.binning.kind,
            where: whereFromCentre(frame, mark),
            parts: parts.join(', '),
          },
        ),
      });
    }
    return out;
  }, [map, hidden, projection, intl]);
  // Zoomed into a cluster: what lies off the map cannot be tapped, so it is not a target.
  const onScreen = useMemo(
    () => drawn.filter((d) => d.x >= 0 && d.y >= 0 && d.x <= width && d.y <= height),
    [drawn, width, height],
  );

  const targets = useMemo((): Target[] => {
    const frame = frameAt(map.centre);
    return clusterMarks(onScreen, TARGET).map((cluster) => {
      const anchor = cluster.members[0]!;
      if (cluster.members.length === 1) {
        return {
          id: anchor.id,
          kind: 'mark',
          x: cluster.x,
          y: cluster.y,
          members: cluster.members,
          crimes: cluster.weight,
          label: anchor.label,
        };
      }
      return {
        id: `cluster-${anchor.id}`,
        kind: 'cluster',
        x: cluster.x,
        y: cluster.y,
        members: cluster.members,
        crimes: cluster.weight,
        label: intl.formatMessage(
          { id: 'search.map.cluster' },
          {
            count: cluster.weight,
            places: cluster.members.length,
            kind: map.binning.kind,
            where: whereFromCentre(frame, anchor.mark),
          },
        ),
      };
    });
  }, [onScreen, map, intl]);

  // After a zoom, focus stays with the mark that was chosen, in whatever target now holds it.
  useEffect(() => {
    const id = pendingFocus.current;
    if (!id) return;
    pendingFocus.current = undefined;
    const target = targets.find((t) => t.members.some((m) => m.id === id));
    if (target) {
      setFocusId(target.id);
      targetRefs.current.get(target.id)?.focus();
    }
  }, [targets]);

  const largest = Math.max(1, ...drawn.map((d) => d.weight));
  const hexRadius =
    map.binning.kind === 'hexagons' ? map.binning.size * pixelsPerMetre(projection, height, width) : 0;
  const tabStop =
    targets.find((t) => t.id === focusId) ??
    targets.find((t) => t.members.some((m) => m.id === selected)) ??
    targets[0];
  const selectedMark = drawn.find((d) => d.id === selected);
  const unlocated = Math.max(0, totalCrimes - map.mappedCrimes);

  function zoomInto(target: Target) {
    const lats = target.members.map((m) => m.mark.lat);
    const lngs = target.members.map((m) => m.mark.lng);
    const next = {
      minLat: Math.min(...lats),
      maxLat: Math.max(...lats),
      minLng: Math.min(...lngs),
      maxLng: Math.max(...lngs),
    };
    const deeper = fitProjection(map, width, height, next);
    if (deeper.scale() <= projection.scale() * 1.01) {
      // As deep as the map goes and still together: the largest is chosen.
      onSelect(target.members[0]!.id);
      return;
    }
    pendingFocus.current = target.members[0]!.id;
    setView(next);
  }

  function activate(target: Target) {
    if (target.kind === 'cluster') zoomInto(target);
    else onSelect(target.id === selected ? undefined : target.id);
  }

  function onTargetKey(event: KeyboardEvent<SVGGElement>, index: number) {
    const direction = ARROWS[event.key];
    if (direction) {
      event.preventDefault();
      const next = targets[nextInDirection(targets, index, direction)]!;
      setFocusId(next.id);
      targetRefs.current.get(next.id)?.focus();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      activate(targets[index]!);
    } else if (event.key === 'Escape' && selected) {
      event.preventDefault();
      onSelect(undefined);
    }
  }

  const outline = outlinePath(map, projection);
  const anyHidden = legend.some((l) => hidden.has(l.category.slug));
  const kind = map.binning.kind;
  const groups = targets.filter((t) => t.kind === 'cluster').length;

  return (
    <section className="card search-map" aria-labelledby="search-map-title">
      <header className="card__header">
        <h2 id="search-map-title" className="card__title">
          {intl.formatMessage({ id: 'search.map.title' })}
        </h2>
        <p className="card__description" id="search-map-note">
          {mapNote(map)}
          {unlocated > 0 && ` ${intl.formatMessage({ id: 'search.map.unlocated' }, { count: unlocated })}`}
          {map.outline &&
            ` ${intl.formatMessage({ id: 'search.map.outline' }, { label: outlineLabel(map.outline.label) })}`}
        </p>
      </header>

      <div className="search-map__body">
        <div className="search-map__canvas" ref={canvasRef}>
          <svg
            width={width}
            height={height}
            viewBox={`0 0 ${width} ${height}`}
            role="group"
            aria-labelledby="search-map-title"
            aria-describedby="search-map-keys"
            className={`search-map__svg${tiles ? ' search-map__svg--tiled' : ''}`}
          >
            <BaseLayer
              places={map.places}
              projection={projection}
              width={width}
              height={height}
              tiles={tiles}
            />
            {outline && (
              <path className={`search-map__outline search-map__outline--${outline.kind}`} d={outline.d} />
            )}
            {hexRadius > 0 && (
              <g className="search-map__hexagons" aria-hidden="true">
                {onScreen.map((d) => (
                  <path
                    key={d.id}
                    d={hexbin().radius(hexRadius).hexagon()}
                    transform={`translate(${d.x},${d.y})`}
                    fillOpacity={0.08 + 0.32 * Math.sqrt(d.weight / largest)}
                  />
                ))}
              </g>
            )}
            {targets.map((t, index) => {
              const holdsSelected = t.members.some((m) => m.id === selected);
              const holdsHighlighted = t.members.some((m) => m.id === highlighted);
              const anchor = t.members[0]!;
              const side = 12 + 8 * Math.sqrt(anchor.weight / largest);
              return (
                <g
                  key={t.id}
                  ref={(el) => {
                    if (el) targetRefs.current.set(t.id, el);
                    else targetRefs.current.delete(t.id);
                  }}
                  role="button"
                  tabIndex={t === tabStop ? 0 : -1}
                  aria-label={t.label}
                  aria-pressed={t.kind === 'mark' ? holdsSelected : undefined}
                  className={[
                    'search-map__target',
                    t.kind === 'mark' ? 'search-map__mark' : 'search-map__cluster',
                    holdsSelected && `search-map__${t.kind}--selected`,
                    holdsHighlighted && `search-map__${t.kind}--highlighted`,
                  ]
                    .filter(Boolean)
                    .join(' ')}
                  transform={`translate(${t.x.toFixed(1)},${t.y.toFixed(1)})`}
                  data-mark={t.kind === 'mark' ? t.id : undefined}
                  data-count={t.kind === 'cluster' ? t.crimes : undefined}
                  data-members={t.kind === 'cluster' ? t.members.length : undefined}
                  onKeyDown={(event) => onTargetKey(event, index)}
                  onFocus={() => setFocusId(t.id)}
                  onClick={() => activate(t)}
                >
                  <rect
                    className="search-map__hit"
                    x={-TARGET / 2}
                    y={-TARGET / 2}
                    width={TARGET}
                    height={TARGET}
                    rx={4}
                  />
                  {t.kind === 'mark' ? (
                    <path
                      className="search-map__symbol"
                      d={shapePath(anchor.symbol.shape, side)}
                      fill={anchor.symbol.color}
                    />
                  ) : (
                    <>
                      <circle className="search-map__cluster-disc" r={CLUSTER_RADIUS} />
                      <text
                        className="search-map__cluster-count"
                        textAnchor="middle"
                        dy="0.35em"
                        aria-hidden="true"
                      >
                        {compactCount(t.crimes)}
                      </text>
                    </>
                  )}
                </g>
              );
            })}
          </svg>
          {tiles && (
            <p className="search-map__attribution">
              {intl.formatMessage({ id: 'search.map.tiles' }, { attribution: tiles.attribution })}
            </p>
          )}
          <p id="search-map-keys" className="search-map__keys">
            {intl.formatMessage({ id: 'search.map.keys' }, { kind })}
          </p>
          {view && (
            <Button variant="secondary" size="sm" onClick={() => setView(null)}>
              {intl.formatMessage({ id: 'search.map.wholeArea' })}
            </Button>
          )}
        </div>

        <div className="search-map__side">
          <div
            className="search-map__legend"
            role="group"
            aria-label={intl.formatMessage({ id: 'search.map.legend' })}
          >
            {legend.map(({ category, count, symbol }) => {
              const shown = !hidden.has(category.slug);
              return (
                <button
                  key={category.slug}
                  type="button"
                  className="search-map__legend-item"
                  aria-pressed={shown}
                  onClick={() => onToggleCategory(category.slug)}
                >
                  <svg
                    className="search-map__legend-symbol"
                    width="18"
                    height="18"
                    viewBox="-9 -9 18 18"
                    aria-hidden="true"
                  >
                    <path
                      d={shapePath(symbol.shape, 14)}
                      fill={shown ? symbol.color : 'none'}
                      stroke={shown ? '#1f2937' : symbol.color}
                      strokeWidth={shown ? 1 : 2}
                      data-shape={symbol.shape}
                    />
                  </svg>
                  <span className="search-map__legend-name">{categoryLabel(category.slug)}</span>
                  <span className="search-map__legend-count">{formatCount(count)}</span>
                </button>
              );
            })}
            <p className="search-map__legend-cluster">
              <svg width="18" height="18" viewBox="-9 -9 18 18" aria-hidden="true">
                <circle className="search-map__cluster-disc" r={8} />
              </svg>
              <span>{intl.formatMessage({ id: 'search.map.legendCluster' }, { kind })}</span>
            </p>
          </div>
          {anyHidden && (
            <Button variant="ghost" size="sm" onClick={onShowAll}>
              {intl.formatMessage({ id: 'search.map.showAllTypes' })}
            </Button>
          )}
          <p className="search-map__selection" role="status">
            {selectedMark
              ? intl.formatMessage({ id: 'search.map.selected' }, { label: selectedMark.label })
              : selected
                ? intl.formatMessage({ id: 'search.map.selectedEmpty' })
                : intl.formatMessage({ id: 'search.map.shown' }, { count: onScreen.length, kind, groups })}
          </p>
          {selected && (
            <Button variant="secondary" size="sm" onClick={() => onSelect(undefined)}>
              {intl.formatMessage({ id: 'search.map.clear' })}
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}

/** A cluster's count in a 26 px disc: "1.2k" past 999. */
function compactCount(value: number): string {
  if (value < 1000) return String(value);
  return `${(value / 1000).toFixed(value < 10_000 ? 1 : 0)}k`;
}
