import { QueryTypes, type Sequelize } from 'sequelize';
import {
  DEFAULT_DAILY_RATE_LIMIT,
  type ApiKeyView,
  type NewApiKey,
} from '../../../../common/contracts/api-keys.ts';
import { HttpError, badRequest, notFound } from '../../http/errors.ts';
import { normaliseDomain } from './domain.ts';
import { generateApiKey, hashApiKey, looksLikeApiKey, sameHash, visiblePrefixOf } from './key-format.ts';

export const NAME_MAX_LENGTH = 100;

/** What the partner endpoint needs to know about the key a request came with. */
export interface PartnerKey {
  id: number;
  name: string;
  domain: string | null;
  dailyRateLimit: number;
}

export interface ApiKeyService {
  /** Makes a key; the returned `apiKey` is the only time the key exists outside the caller's hands. */
  create(input: NewApiKey): Promise<{ apiKey: string; key: ApiKeyView }>;
  list(): Promise<ApiKeyView[]>;
  /**
   * Irreversible. Revoking a revoked key changes nothing and answers the key as it is, with
   * `revokedNow` false (so no second revocation is recorded).
   */
  revoke(id: number): Promise<{ key: ApiKeyView; revokedNow: boolean }>;
  /**
   * The active key a presented X-API-Key value belongs to; throws 401 API_KEY_MISSING,
   * API_KEY_INVALID or API_KEY_REVOKED. Reads the database every time, so a revocation is
   * effective on every API node from the next request.
   */
  authenticate(presented: string | undefined): Promise<PartnerKey>;
}

export interface ApiKeyServiceOptions {
  sequelize: Sequelize;
  now?: () => number;
}

export const API_KEY_ERRORS = {
  missing: () =>
    new HttpError(401, 'API_KEY_MISSING', 'An API key is required: send it in the X-API-Key header.'),
  invalid: () => new HttpError(401, 'API_KEY_INVALID', 'The API key is not valid.'),
  revoked: () => new HttpError(401, 'API_KEY_REVOKED', 'The API key has been revoked.'),
};

type KeyRow = {
  id: unknown;
  name: string;
  domain: string | null;
  key_prefix: string;
  key_hash: string;
  daily_rate_limit: unknown;
  request_count: unknown;
  last_request_at: unknown;
  status: string;
  created_at: unknown;
  revoked_at: unknown;
};

// Requests served and the last of them come from the daily counters (see daily-limit.ts).
const SELECT_KEYS = `SELECT k.id, k.name, k.domain, k.key_prefix, k.key_hash, k.daily_rate_limit, k.status,
    k.created_at, k.revoked_at,
    (SELECT SUM(u.count) FROM api_key_usage u WHERE u.key_id = k.id) AS request_count,
    (SELECT MAX(u.last_request_at) FROM api_key_usage u WHERE u.key_id = k.id) AS last_request_at
  FROM api_keys k`;

const iso = (ms: unknown) => (ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString());

function view(row: KeyRow): ApiKeyView {
  return {
    id: Number(row.id),
    name: row.name,
    domain: row.domain,
    dailyRateLimit: Number(row.daily_rate_limit),
    requestCount: Number(row.request_count ?? 0),
    lastRequestAt: iso(row.last_request_at),
    // The specification treats any status but "active" as revoked.
    status: row.status === 'active' ? 'active' : 'revoked',
    keyPrefix: row.key_prefix,
    createdAt: iso(row.created_at)!,
    revokedAt: iso(row.revoked_at),
  };
}

function checkedInput(input: NewApiKey) {
  const name = input.name.trim();
  if (name.length === 0) throw badRequest('Please provide a name for the API key.', 'INVALID_NAME');
  if (name.length > NAME_MAX_LENGTH)
    throw badRequest(`The name may be at most ${NAME_MAX_LENGTH} characters.`, 'INVALID_NAME');
  const domain = normaliseDomain(input.domain);
  if (!domain.ok) throw badRequest(domain.error, 'INVALID_DOMAIN');
  // The contract's schema bounds the limit (1 to MAX_DAILY_RATE_LIMIT) before the admin route calls
  // this; the only other caller, the partner overhead benchmark, passes a bounded one.
  const limit = input.dailyRateLimit ?? DEFAULT_DAILY_RATE_LIMIT;
  return { name, domain: domain.domain, limit };
}

export function createApiKeyService({ sequelize, now = Date.now }: ApiKeyServiceOptions): ApiKeyService {
  async function byId(id: number): Promise<KeyRow | undefined> {
    const [row] = await sequelize.query<KeyRow>(`${SELECT_KEYS} WHERE k.id = :id`, {
      replacements: { id },
      type: QueryTypes.SELECT,
    });
    return row;
  }

  return {
    async create(input) {
      const { name, domain, limit } = checkedInput(input);
      const apiKey = generateApiKey();
      await sequelize.query(
        `INSERT INTO api_keys (name, domain, key_prefix, key_hash, daily_rate_limit, status, created_at)
         VALUES (:name, :domain, :prefix, :hash, :limit, 'active', :at)`,
        {
          replacements: {
            name,
            domain,
            prefix: visiblePrefixOf(apiKey),
            hash: hashApiKey(apiKey),
            limit,
            at: now(),
          },
          type: QueryTypes.INSERT,
        },
      );
      const [row] = await sequelize.query<KeyRow>(`${SELECT_KEYS} WHERE k.key_hash = :hash`, {
        replacements: { hash: hashApiKey(apiKey) },
        type: QueryTypes.SELECT,
      });
      return { apiKey, key: view(row!) };
    },

    async list() {
      const rows = await sequelize.query<KeyRow>(`${SELECT_KEYS} ORDER BY k.created_at DESC, k.id DESC`, {
        type: QueryTypes.SELECT,
      });
      return rows.map(view);
    },

    async revoke(id) {
      const [, changed] = await sequelize.query(
        "UPDATE api_keys SET status = 'revoked', revoked_at = :at WHERE id = :id AND status = 'active'",
        { replacements: { id, at: now() }, type: QueryTypes.UPDATE },
      );
      const row = await byId(id);
      if (!row) throw notFound(`No API key with id ${id}`, 'API_KEY_NOT_FOUND');
      return { key: view(row), revokedNow: Number(changed) > 0 };
    },

    async authenticate(presented) {
      const key = presented?.trim() ?? '';
      if (key === '') throw API_KEY_ERRORS.missing();
      if (!looksLikeApiKey(key)) throw API_KEY_ERRORS.invalid();
      const hash = hashApiKey(key);
      const [row] = await sequelize.query<
        Pick<KeyRow, 'id' | 'name' | 'domain' | 'daily_rate_limit' | 'status' | 'key_hash'>
      >('SELECT id, name, domain, daily_rate_limit, status, key_hash FROM api_keys WHERE key_hash = :hash', {
        replacements: { hash },
        type: QueryTypes.SELECT,
      });
      // The index found the row; the comparison that decides does not leak how much matched.
      if (!row || !sameHash(row.key_hash, hash)) throw API_KEY_ERRORS.invalid();
      if (row.status !== 'active') throw API_KEY_ERRORS.revoked();
      return {
        id: Number(row.id),
        name: row.name,
        domain: row.domain,
        dailyRateLimit: Number(row.daily_rate_limit),
      };
    },
  };
}
