import { describe, expect, it } from 'vitest';
import { geojsonFeatures } from './geojson-features.ts';

async function collect(text: string, size: number) {
  async function* chunks() {
    for (let at = 0; at < text.length; at += size) yield Buffer.from(text.slice(at, at + size));
  }
  const out = [];
  for await (const feature of geojsonFeatures(chunks())) out.push(feature);
  return out;
}

const COLLECTION = `{
  "type": "FeatureCollection",
  "name": "features { [ tricky",
  "features": [
    {"type": "Feature", "properties": {"id": "a", "name": "Brace } in \\"name\\""}, "geometry": null},
    {"type": "Feature",
     "properties": {"id": "b", "nested": {"features": [1, 2]}}, "geometry": {"type": "Polygon", "coordinates": [[[0, 1], [2, 3]]]}}
  ],
  "bbox": [0, 1, 2, 3]
}`;

describe('geojsonFeatures', () => {
  it.each([1, 7, 64, 10_000])('cuts out each feature whole, whatever the chunk size (%i)', async (size) => {
    const features = await collect(COLLECTION, size);
    expect(features.map((f) => JSON.parse(f.text).properties.id)).toEqual(['a', 'b']);
    expect(JSON.parse(features[0]!.text).properties.name).toBe('Brace } in "name"');
    expect(features.map((f) => f.line)).toEqual([5, 6]);
  });

  it('refuses a file that is no FeatureCollection', async () => {
    await expect(collect('{"type": "Feature", "geometry": null}', 8)).rejects.toThrow(/FeatureCollection/);
  });

  it('keeps multi-byte characters split across chunks intact', async () => {
    const text = '{"features": [{"properties": {"name": "Ynys Môn – Llangefni"}}]}';
    const [feature] = await collect(text, 3);
    expect(JSON.parse(feature!.text).properties.name).toBe('Ynys Môn – Llangefni');
  });
});
