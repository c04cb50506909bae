import { UniqueConstraintError, type Sequelize } from 'sequelize';
import { compactPostcode, parsePostcode } from '../../../common/postcode/postcode.ts';
import { SEARCH_ISSUES } from '../../../common/search/request.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { num, select, selectBounded } from '../search/sql.ts';
import type { PostcodeApiClient } from './postcodes-io-client.ts';

export interface PostcodeLocation {
  postcode: string;
  latitude: number;
  longitude: number;
  /** True for postcodes of the generated sample, which are not real places. */
  synthetic: boolean;
}

/** Autocomplete answers at most this many postcodes, from this many characters (spec section 9). */
export const AUTOCOMPLETE_MAX = 8;
export const AUTOCOMPLETE_MIN_CHARS = 2;

export interface PostcodeService {
  /** Throws 400 for a malformed postcode and 404 "Postcode not found" for an unknown one. */
  lookup(input: string): Promise<PostcodeLocation>;
  /** Postcodes (canonical form) that start with the typed text, spaces ignored. */
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

  return {
    async lookup(input) {
      const parsed = parsePostcode(input.trim());
      if (!parsed) throw badRequest(SEARCH_ISSUES.INVALID_POSTCODE.text, SEARCH_ISSUES.INVALID_POSTCODE.code);
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
      // A service answering for a different postcode than asked is not trusted.
      if (!found || compactPostcode(found.postcode) !== parsed.compact)
        throw notFound('Postcode not found', 'POSTCODE_NOT_FOUND');
      const location = {
        postcode: parsed.canonical,
        latitude: found.latitude,
        longitude: found.longitude,
        synthetic: false,
      };
      await remember({ ...location, compact: parsed.compact });
      return location;
    },

    async autocomplete(query, limit = AUTOCOMPLETE_MAX) {
      const prefix = compactPostcode(query);
      if (prefix.length < AUTOCOMPLETE_MIN_CHARS || !PREFIX.test(prefix)) {
        throw badRequest(
          `Type at least ${AUTOCOMPLETE_MIN_CHARS} letters or digits of a postcode to get suggestions`,
          'INVALID_POSTCODE_PREFIX',
        );
      }
      const max = Math.min(Math.max(1, Math.trunc(limit)), AUTOCOMPLETE_MAX);
      if (prefix.length > 7) return [];
      // A range rather than LIKE: it uses the compact index on both dialects (SQLite's LIKE is
      // case-insensitive and skips ordinary indexes). Z sorts after every letter and digit in
      // both the binary and the unicode collation, so the upper bound closes the prefix.
      const rows = await select<{ postcode: string }>(
        sequelize,
        `SELECT postcode FROM postcodes WHERE compact >= :prefix AND compact <= :upper
         ORDER BY compact LIMIT :max`,
        { prefix, upper: `${prefix}${'Z'.repeat(7)}`, max },
      );
      const result = rows.map((r) => r.postcode);
      if (result.length < max && remote) {
        for (const postcode of await remote.autocomplete(prefix, max)) {
          const parsed = parsePostcode(postcode);
          if (parsed && parsed.compact.startsWith(prefix) && !result.includes(parsed.canonical))
            result.push(parsed.canonical);
          if (result.length >= max) break;
        }
      }
      return result;
    },
  };
}
