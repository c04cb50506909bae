import type { Readable } from 'node:stream';
import type { BulkValue } from '../../../db/bulk/index.ts';
import { BatchPipeline } from '../batch-pipeline.ts';
import type { ImportContext } from '../context.ts';
import { inFileTransaction } from '../file-transaction.ts';
import type { LoadCounts } from '../load-csv.ts';
import { geojsonFeatures } from './geojson-features.ts';

const COLUMNS = ['force_id', 'id', 'name', 'boundary', 'min_lat', 'max_lat', 'min_lng', 'max_lng'] as const;

interface Bounds {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

/** Bounding box of a Polygon or MultiPolygon's [lng, lat] positions; undefined if malformed. */
function boundsOf(geometry: unknown): Bounds | undefined {
  const g = geometry as { type?: unknown; coordinates?: unknown } | null;
  if (!g || !Array.isArray(g.coordinates)) return undefined;
  const polygons = g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : [];
  const b: Bounds = { minLat: 90, maxLat: -90, minLng: 180, maxLng: -180 };
  let points = 0;
  for (const polygon of polygons as unknown[]) {
    for (const ring of Array.isArray(polygon) ? polygon : []) {
      for (const position of Array.isArray(ring) ? ring : []) {
        const [lng, lat] = Array.isArray(position) ? position : [];
        if (typeof lat !== 'number' || typeof lng !== 'number') return undefined;
        if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return undefined;
        b.minLat = Math.min(b.minLat, lat);
        b.maxLat = Math.max(b.maxLat, lat);
        b.minLng = Math.min(b.minLng, lng);
        b.maxLng = Math.max(b.maxLng, lng);
        points++;
      }
    }
  }
  return points >= 3 ? b : undefined;
}

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';

/** One feature as a row; a string says why it was skipped. */
function featureRow(json: string): BulkValue[] | string {
  let feature: { properties?: Record<string, unknown> | null; geometry?: unknown };
  try {
    feature = JSON.parse(json) as typeof feature;
  } catch {
    return 'feature is not valid JSON';
  }
  const properties = feature.properties ?? {};
  const forceId = text(properties.force).toLowerCase();
  const id = text(properties.id);
  const name = text(properties.name);
  if (!forceId || !id || !name) return 'feature lacks a force, id or name property';
  if (forceId.length > 64 || id.length > 128) return 'force or id property is too long';
  const bounds = boundsOf(feature.geometry);
  if (!bounds) return 'geometry is not a valid Polygon or MultiPolygon';
  return [
    forceId,
    id,
    name.slice(0, 255),
    JSON.stringify(feature.geometry),
    bounds.minLat,
    bounds.maxLat,
    bounds.minLng,
    bounds.maxLng,
  ];
}

/**
 * Neighbourhood boundaries from GeoJSON features with properties {force, id, name}. The file is
 * the whole truth for each force it mentions: that force's old neighbourhoods are replaced.
 */
export function importNeighbourhoods(context: ImportContext, input: Readable): Promise<LoadCounts> {
  const { sequelize } = context;
  return inFileTransaction(context, async (transaction, writer) => {
    const counts: LoadCounts = { rows: 0, skipped: 0, problems: [] };
    const pipeline = new BatchPipeline(
      (values) => writer.upsert('neighbourhoods', COLUMNS, ['force_id', 'id'], values),
      // Boundaries are long texts: a few dozen per statement keeps statements small.
      50 * COLUMNS.length,
    );
    const replaced = new Set<string>();
    let bytes = 0;
    async function* counted(): AsyncGenerator<Buffer> {
      for await (const chunk of input as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        yield chunk;
      }
    }
    for await (const feature of geojsonFeatures(counted())) {
      context.signal.throwIfAborted();
      const row = /[\0\uFFFD]/.test(feature.text)
        ? 'holds a NUL byte or U+FFFD (a character lost by an earlier conversion)'
        : featureRow(feature.text);
      if (typeof row === 'string') {
        counts.skipped++;
        if (counts.problems.length < context.problemsPerFile)
          counts.problems.push({ line: feature.line, reason: row });
        continue;
      }
      const forceId = row[0] as string;
      if (!replaced.has(forceId)) {
        // Rows already queued belong to other forces; the delete must still follow them in order.
        await pipeline.finish();
        await sequelize.query('DELETE FROM neighbourhoods WHERE force_id = ?', {
          replacements: [forceId],
          transaction,
        });
        replaced.add(forceId);
      }
      pipeline.values.push(...row);
      counts.rows++;
      if (pipeline.full) await pipeline.flush();
      context.onRows(counts, bytes);
    }
    await pipeline.finish();
    return counts;
  });
}
