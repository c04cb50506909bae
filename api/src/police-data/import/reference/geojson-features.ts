import { StringDecoder } from 'node:string_decoder';

export interface FeatureText {
  /** Line where the feature's `{` stands. */
  line: number;
  text: string;
}

const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const QUOTE = 34;
const BACKSLASH = 92;
const NEWLINE = 10;

/**
 * Cuts the members of a FeatureCollection's top-level `features` array out of a byte stream, one
 * JSON text at a time, so a national boundaries file (hundreds of megabytes) is never held whole.
 * Only structure is tracked here (nesting, strings, escapes); each feature is then parsed alone.
 */
export async function* geojsonFeatures(input: AsyncIterable<Buffer | string>): AsyncGenerator<FeatureText> {
  const decoder = new StringDecoder('utf8');
  let depth = 0;
  let inString = false;
  let escaped = false;
  let line = 1;
  // The last string seen directly inside the top-level object, i.e. the current key there.
  let topKey = '';
  let keyText: string | undefined;
  let inFeatures = false;
  let featureParts: string[] | undefined;
  let featureStart = 0;
  let featureLine = 0;
  let sawFeatures = false;

  for await (const chunk of input) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    const features: FeatureText[] = [];
    let keyStart = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === NEWLINE) line++;
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) {
          inString = false;
          if (keyText !== undefined) {
            topKey = keyText + text.slice(keyStart, i);
            keyText = undefined;
          }
        }
        continue;
      }
      if (c === QUOTE) {
        inString = true;
        if (depth === 1) {
          keyText = '';
          keyStart = i + 1;
        }
      } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        depth++;
        if (depth === 2 && c === OPEN_BRACKET && topKey === 'features') {
          inFeatures = true;
          sawFeatures = true;
        } else if (depth === 3 && inFeatures && c === OPEN_BRACE) {
          featureParts = [];
          featureStart = i;
          featureLine = line;
        }
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        depth--;
        if (depth === 2 && featureParts && c === CLOSE_BRACE) {
          featureParts.push(text.slice(featureStart, i + 1));
          features.push({ line: featureLine, text: featureParts.join('') });
          featureParts = undefined;
        } else if (depth === 1 && inFeatures) {
          inFeatures = false;
        }
      }
    }
    if (featureParts) {
      featureParts.push(text.slice(featureStart));
      featureStart = 0;
    }
    if (keyText !== undefined) {
      keyText += text.slice(keyStart);
    }
    yield* features;
  }
  if (!sawFeatures) throw new Error('not a GeoJSON FeatureCollection (no "features" array)');
}
