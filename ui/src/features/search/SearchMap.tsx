import { geoCircle, geoPath, geoProjection, type GeoPermissibleObjects, type GeoProjection } from 'd3';
import { hexbin } from 'd3-hexbin';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  CRIME_CATEGORIES,
  categoryFromSlug,
  type CrimeCategorySlug,
} from '../../../../common/crime/categories.ts';
import { directionFromCentre, frameAt } from '../../../../common/map/frame.ts';
import { shownCounts, type MapMark, type SearchMapResponse } from '../../../../common/map/marks.ts';
import { nextInDirection, type ArrowDirection } from '../../../../common/map/navigation.ts';
import { EARTH_RADIUS_METRES } from '../../../../common/search/geometry.ts';
import { Button } from '../../shared/ui/Button.tsx';
import { formatCount } from './searchFormat.ts';
import './searchMap.css';

const WIDTH = 640;
const HEIGHT = 440;
const PAD = 16;
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
  mark: MapMark;
  x: number;
  y: number;
  total: number;
  color: string;
  label: string;
}

/**
 * The search drawn with d3-geo and no map tiles: the area's outline, and its crimes as dots (one a
 * location) or hexagons, coloured by their most common shown category. The legend's buttons hide
 * and show categories; the marks are one tab stop, moved between with the arrow keys and chosen
 * with Enter, and the incident table then lists the chosen mark's crimes.
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
  const markRefs = useRef(new Map<string, SVGElement>());
  const [focusId, setFocusId] = useState<string | undefined>(undefined);

  const projection = useMemo(() => {
    const k = Math.cos((map.centre.lat * Math.PI) / 180);
    // The map's flat frame (common/map/frame.ts) as a d3 projection: equal metres each way at the centre.
    const p = geoProjection((lambda: number, phi: number) => [lambda * k, phi]);
    p.fitExtent(
      [
        [PAD, PAD],
        [WIDTH - PAD, HEIGHT - PAD],
      ],
      fitShape(map),
    );
    return p;
  }, [map]);
  const pixelsPerMetre = projection.scale() / EARTH_RADIUS_METRES;

  const legend = useMemo(() => {
    const totals = new Map<CrimeCategorySlug, number>();
    for (const mark of map.marks) {
      for (const [slug, count] of Object.entries(mark.counts) as [CrimeCategorySlug, number][])
        totals.set(slug, (totals.get(slug) ?? 0) + count);
    }
    return CRIME_CATEGORIES.filter((c) => totals.has(c.slug))
      .map((c) => ({ category: c, count: totals.get(c.slug)! }))
      .sort((a, b) => b.count - a.count);
  }, [map]);

  const drawn = useMemo(() => {
    const frame = frameAt(map.centre);
    const shown = new Set(CRIME_CATEGORIES.map((c) => c.slug).filter((slug) => !hidden.has(slug)));
    const out: Drawn[] = [];
    for (const mark of map.marks) {
      const { total, top } = shownCounts(mark, shown);
      if (total === 0 || !top) continue;
      const [x, y] = projection([mark.lng, mark.lat]) ?? [0, 0];
      const parts = Object.entries(mark.counts)
        .filter(([slug]) => shown.has(slug as CrimeCategorySlug))
        .sort((a, b) => b[1] - a[1])
        .map(([slug, count]) => `${formatCount(count)} ${categoryFromSlug(slug)?.label ?? slug}`);
      const where = map.binning.kind === 'points' ? 'point' : 'hexagon';
      out.push({
        mark,
        x,
        y,
        total,
        color: categoryFromSlug(top)?.color ?? '#6b7280',
        label: `${formatCount(total)} ${total === 1 ? 'crime' : 'crimes'} at a ${where} ${directionFromCentre(frame, mark)}: ${parts.join(', ')}`,
      });
    }
    return out;
  }, [map, hidden, projection]);

  const largest = Math.max(1, ...drawn.map((d) => d.total));
  const hexRadius = map.binning.kind === 'hexagons' ? map.binning.size * pixelsPerMetre : 0;
  const tabStop =
    drawn.find((d) => d.mark.id === focusId) ?? drawn.find((d) => d.mark.id === selected) ?? drawn[0];
  const selectedMark = drawn.find((d) => d.mark.id === selected);
  const unlocated = Math.max(0, totalCrimes - map.mappedCrimes);

  function focusMark(id: string) {
    setFocusId(id);
    markRefs.current.get(id)?.focus();
  }

  function onMarkKey(event: KeyboardEvent<SVGElement>, index: number) {
    const direction = ARROWS[event.key];
    if (direction) {
      event.preventDefault();
      const next = nextInDirection(drawn, index, direction);
      focusMark(drawn[next]!.mark.id);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const id = drawn[index]!.mark.id;
      onSelect(id === selected ? undefined : id);
    } else if (event.key === 'Escape' && selected) {
      event.preventDefault();
      onSelect(undefined);
    }
  }

  const outline = outlinePath(map, projection);
  const anyHidden = legend.some((l) => hidden.has(l.category.slug));

  return (
    <section className="card search-map" aria-labelledby="search-map-title">
      <header className="card__header">
        <h2 id="search-map-title" className="card__title">
          Map of the Search
        </h2>
        <p className="card__description" id="search-map-note">
          {map.note}
          {unlocated > 0 &&
            ` ${formatCount(unlocated)} ${unlocated === 1 ? 'crime has' : 'crimes have'} no location and ${unlocated === 1 ? 'is' : 'are'} not on the map.`}
          {map.outline && ` Outline: ${map.outline.label}.`}
        </p>
      </header>

      <div className="search-map__body">
        <div className="search-map__canvas">
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            role="group"
            aria-labelledby="search-map-title"
            aria-describedby="search-map-keys"
            className="search-map__svg"
          >
            {outline && (
              <path className={`search-map__outline search-map__outline--${outline.kind}`} d={outline.d} />
            )}
            {drawn.map((d, index) => {
              const scale = Math.sqrt(d.total / largest);
              const isSelected = d.mark.id === selected;
              const common = {
                ref: (el: SVGElement | null) => {
                  if (el) markRefs.current.set(d.mark.id, el);
                  else markRefs.current.delete(d.mark.id);
                },
                role: 'button',
                tabIndex: d === tabStop ? 0 : -1,
                'aria-label': d.label,
                'aria-pressed': isSelected,
                className: [
                  'search-map__mark',
                  isSelected && 'search-map__mark--selected',
                  d.mark.id === highlighted && 'search-map__mark--highlighted',
                ]
                  .filter(Boolean)
                  .join(' '),
                fill: d.color,
                'data-mark': d.mark.id,
                onKeyDown: (event: KeyboardEvent<SVGElement>) => onMarkKey(event, index),
                onFocus: () => setFocusId(d.mark.id),
                onClick: () => onSelect(isSelected ? undefined : d.mark.id),
              };
              return map.binning.kind === 'points' ? (
                <circle key={d.mark.id} cx={d.x} cy={d.y} r={3 + 8 * scale} {...common} />
              ) : (
                <path
                  key={d.mark.id}
                  d={hexbin()
                    .radius(hexRadius * (0.45 + 0.55 * scale))
                    .hexagon()}
                  transform={`translate(${d.x},${d.y})`}
                  {...common}
                />
              );
            })}
          </svg>
          <p id="search-map-keys" className="search-map__keys">
            Tab to the map, move between {map.binning.kind === 'points' ? 'points' : 'hexagons'} with the
            arrow keys, Enter lists their crimes in the table below, Escape clears.
          </p>
        </div>

        <div className="search-map__side">
          <div className="search-map__legend" role="group" aria-label="Crime types on the map">
            {legend.map(({ category, count }) => {
              const shown = !hidden.has(category.slug);
              return (
                <button
                  key={category.slug}
                  type="button"
                  className="search-map__legend-item"
                  aria-pressed={shown}
                  onClick={() => onToggleCategory(category.slug)}
                >
                  <span
                    className="search-map__swatch"
                    style={{
                      background: shown ? category.color : 'transparent',
                      borderColor: category.color,
                    }}
                    aria-hidden="true"
                  />
                  <span className="search-map__legend-name">{category.label}</span>
                  <span className="search-map__legend-count">{formatCount(count)}</span>
                </button>
              );
            })}
          </div>
          {anyHidden && (
            <Button variant="ghost" size="sm" onClick={onShowAll}>
              Show all crime types
            </Button>
          )}
          <p className="search-map__selection" role="status">
            {selectedMark
              ? `Selected: ${selectedMark.label}. The incident table lists these crimes.`
              : selected
                ? 'The selected place has no crimes of the shown types.'
                : `${formatCount(drawn.length)} ${map.binning.kind === 'points' ? 'points' : 'hexagons'} shown.`}
          </p>
          {selected && (
            <Button variant="secondary" size="sm" onClick={() => onSelect(undefined)}>
              Clear map selection
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}

/** What the projection is fitted to: the outline, and the marks in case some lie outside it. */
function fitShape(map: SearchMapResponse): GeoPermissibleObjects {
  const geometries: GeoPermissibleObjects[] = [];
  const outline = map.outline;
  if (outline?.kind === 'circle') {
    geometries.push(circleShape(outline.centre, outline.radiusMetres));
  } else if (outline?.kind === 'polygons') {
    geometries.push({ type: 'MultiLineString', coordinates: outline.rings });
  } else if (outline?.kind === 'box') {
    const { minLat, maxLat, minLng, maxLng } = outline.box;
    geometries.push({
      type: 'MultiPoint',
      coordinates: [
        [minLng, minLat],
        [maxLng, maxLat],
      ],
    });
  }
  const points = map.marks.map((m) => [m.lng, m.lat]);
  if (points.length === 0) points.push([map.centre.lng, map.centre.lat]);
  geometries.push({ type: 'MultiPoint', coordinates: points });
  return { type: 'GeometryCollection', geometries } as GeoPermissibleObjects;
}

function circleShape(centre: { lat: number; lng: number }, metres: number): GeoPermissibleObjects {
  return geoCircle()
    .center([centre.lng, centre.lat])
    .radius((metres / EARTH_RADIUS_METRES) * (180 / Math.PI))
    .precision(2)();
}

/**
 * The outline as an SVG path. Rings are projected point by point rather than drawn as d3-geo
 * polygons, whose winding order decides inside from outside on the sphere (a ring wound the other
 * way would fill the whole world).
 */
function outlinePath(map: SearchMapResponse, projection: GeoProjection): { kind: string; d: string } | null {
  const outline = map.outline;
  if (!outline) return null;
  if (outline.kind === 'circle') {
    const d = geoPath(projection)(circleShape(outline.centre, outline.radiusMetres));
    return d ? { kind: 'circle', d } : null;
  }
  const rings =
    outline.kind === 'polygons'
      ? outline.rings
      : [
          [
            [outline.box.minLng, outline.box.minLat],
            [outline.box.maxLng, outline.box.minLat],
            [outline.box.maxLng, outline.box.maxLat],
            [outline.box.minLng, outline.box.maxLat],
          ] as [number, number][],
        ];
  const d = rings
    .map((ring) => {
      const points = ring.map((p) => projection(p)).filter((p): p is [number, number] => p !== null);
      return points.length < 2
        ? ''
        : `M${points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join('L')}Z`;
    })
    .join('');
  return { kind: outline.kind, d };
}
