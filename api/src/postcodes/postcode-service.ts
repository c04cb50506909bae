import { UniqueConstraintError, type Sequelize } from 'sequelize';
import { outsideRegion, outsideText } from '../../../common/police-coverage/coverage.ts';
import { rankSuggestions, readPartialPostcode, suggestionRanges } from '../../../common/postcode/partial.ts';
import { districtRange, nearestHeld, notHeldText } from '../../../common/postcode/nearest.ts';
import { compactPostcode, parsePostcode, type Postcode } from '../../../common/postcode/postcode.ts';
import { POSTCODE_PREFIX_MIN_CHARS, POSTCODE_SUGGESTIONS_MAX } from '../../../common/contracts/postcodes.ts';
import { SEARCH_ISSUES } from '../../../common/search/request.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { num, select, selectBounded } from '../search/sql.ts';
import type { PostcodeApiClient } from './postcodes-io-client.ts';

export interface PostcodeLocation {
  postcode: string;
  latitude: number;
  longitude: number;
  /** True for postcodes of the generated sample, which are not real places. */
  synthetic: boolean;
}

export interface PostcodeService {
  /**
   * Throws 400 INVALID_POSTCODE for a malformed postcode, 404 POSTCODE_NOT_FOUND for one outside
   * England and Wales (held or not: common/police-coverage) and 404 POSTCODE_NOT_HELD, offering
   * the nearest held postcode of its district, for a well-formed one nobody could place.
   */
  lookup(input: string): Promise<PostcodeLocation>;
  /**
   * Postcodes (canonical form) that start with the typed text, spaces ignored: at most `limit`,
   * which the contract bounds (1 to POSTCODE_SUGGESTIONS_MAX, the default).
   */
  autocomplete(query: string, limit?: number): Promise<string[]>;
}

export interface PostcodeServiceOptions {
  sequelize: Sequelize;
  /** The postcodes.io-compatible service that fills misses; absent = local table only. */
  remote?: PostcodeApiClient;
}

type PostcodeRow = { postcode: string; lat: unknown; lng: unknown; synthetic: unknown };

const PREFIX = /^[A-Z0-9]+$/;

export function createPostcodeService({ sequelize, remote }: PostcodeServiceOptions): PostcodeService {
  async function remember(found: PostcodeLocation & { compact: string }) {
    try {
      await sequelize.query(
        'INSERT INTO postcodes (postcode, compact, lat, lng, synthetic) VALUES (:postcode, :compact, :lat, :lng, :synthetic)',
        {
          replacements: {
            postcode: found.postcode,
            compact: found.compact,
            lat: found.latitude,
            lng: found.longitude,
            synthetic: false,
          },
        },
      );
    } catch (error) {
      // Two lookups of the same new postcode may race; the row the first one wrote is the same.
      if (!(error instanceof UniqueConstraintError)) throw error;
    }
  }

  /** The 404 of a well-formed postcode nobody could place, with its district's nearest held one. */
  async function notHeld(parsed: Postcode): Promise<HttpError> {
    const range = districtRange(parsed.compact);
    const side = (comparison: '<' | '>', order: 'ASC' | 'DESC') =>
      selectBounded<{ compact: string }>(
        sequelize,
        `SELECT compact FROM postcodes
         WHERE compact ${comparison} :compact AND compact >= :from AND compact <= :to AND LENGTH(compact) = :length
         ORDER BY compact ${order} LIMIT 1`,
        { ...range, compact: parsed.compact },
      );
    const [before, after] = await Promise.all([side('<', 'DESC'), side('>', 'ASC')]);
    const nearest = nearestHeld(
      parsed.compact,
      [...before, ...after].map((r) => r.compact),
    );
    const canonical = nearest === undefined ? undefined : parsePostcode(nearest)?.canonical;
    return new HttpError(404, 'POSTCODE_NOT_HELD', notHeldText(parsed, canonical), {}, canonical);
  }

  return {
    async lookup(input) {
      const parsed = parsePostcode(input.trim());
      if (!parsed) throw badRequest(SEARCH_ISSUES.INVALID_POSTCODE.text, SEARCH_ISSUES.INVALID_POSTCODE.code);
      // Outside England and Wales a postcode is refused before the store is read, so one the
      // postcode list happens to hold (the sample's Belfast) gets the same answer as one it lacks.
      // Same code as before, so partners' handling holds.
      const outside = outsideRegion(parsed.compact);
      if (outside) throw notFound(outsideText(parsed.canonical, outside), 'POSTCODE_NOT_FOUND');
      const [row] = await selectBounded<PostcodeRow>(
        sequelize,
        'SELECT postcode, lat, lng, synthetic FROM postcodes WHERE compact = :compact',
        { compact: parsed.compact },
      );
      if (row) {
        return {
          postcode: row.postcode,
          latitude: num(row.lat),
          longitude: num(row.lng),
          synthetic: num(row.synthetic) === 1,
        };
      }
      const found = await remote?.lookup(parsed.compact);
      // A service answering for a different postcode than asked is not trusted. Well-formed but
      // unplaced is not the visitor's typing: said as what we lack, with a postcode to try.
      if (!found || compactPostcode(found.postcode) !== parsed.compact) throw await notHeld(parsed);
      const location = {
        postcode: parsed.canonical,
        latitude: found.latitude,
        longitude: found.longitude,
        synthetic: false,
      };
      await remember({ ...location, compact: parsed.compact });
      return location;
    },

    async autocomplete(query, max = POSTCODE_SUGGESTIONS_MAX) {
      const prefix = compactPostcode(query);
      if (prefix.length < POSTCODE_PREFIX_MIN_CHARS || !PREFIX.test(prefix)) {
        throw badRequest(
          `Type at least ${POSTCODE_PREFIX_MIN_CHARS} letters or digits of a postcode to get suggestions`,
          'INVALID_POSTCODE_PREFIX',
        );
      }
      const partial = readPartialPostcode(query);
      if (prefix.length > 7 || !partial) return [];
      // Ranges rather than LIKE: they use the compact index on both dialects (SQLite's LIKE is
      // case-insensitive and skips ordinary indexes). The typed district's range comes first
      // (common/postcode/partial.ts), so its postcodes are among the rows read.
      const found: string[] = [];
      for (const range of suggestionRanges(partial)) {
        const rows = await select<{ postcode: string }>(
          sequelize,
          `SELECT postcode FROM postcodes WHERE compact >= :from AND compact <= :to
           ${range.length === undefined ? '' : 'AND LENGTH(compact) = :length'}
           ORDER BY compact LIMIT :max`,
          { ...range, max },
        );
        found.push(...rows.map((r) => r.postcode));
        if (rankSuggestions(partial, found, max).length >= max) break;
      }
      let result = rankSuggestions(partial, found, max);
      if (result.length < max && remote) {
        const more = (await remote.autocomplete(prefix, max)).flatMap((postcode) => {
          const parsed = parsePostcode(postcode);
          return parsed ? [parsed.canonical] : [];
        });
        result = rankSuggestions(partial, [...result, ...more], max);
      }
      return result;
    },
  };
}
