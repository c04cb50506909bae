import { Type } from 'typebox';
import { Value } from 'typebox/value';
import type { PoliceMember as ContractPoliceMember } from '../../../../common/contracts/forces.ts';
import { YearMonth } from '../../../../common/contracts/month.ts';
import { htmlToText, safeLinkUrl, sanitiseHtml } from './sanitise-html.ts';

/**
 * data.police.uk bodies turned into our types. The API is a third party's: a body whose outer
 * shape is wrong is refused (thrown), and single malformed entries are skipped, so one bad row
 * never costs the whole list.
 */

export interface PoliceApiForce {
  id: string;
  name: string;
}

export interface PoliceApiNeighbourhood {
  id: string;
  name: string;
}

export interface BoundaryPoint {
  latitude: number;
  longitude: number;
}

/**
 * A member of a neighbourhood team or a force's senior officers, as the forces contract answers
 * it: `bio` is sanitised HTML (sanitise-html.ts) or null when the force gave none.
 */
export type PoliceMember = ContractPoliceMember;
/**
 * Contact details as data.police.uk names them (email, telephone, mobile, fax, address, web,
 * twitter…). Link-like entries (web, social media) are absolute http(s) URLs, so they can go
 * straight into an href; the others are plain text.
 */
export type PoliceContactDetails = PoliceMember['contact_details'];

export class UnexpectedResponseError extends Error {
  constructor(what: string) {
    super(`data.police.uk sent an unexpected ${what}`);
    this.name = 'UnexpectedResponseError';
  }
}

/** The outer shape of every list data.police.uk answers; its rows are checked one by one. */
const List = Type.Array(Type.Unknown());
/** A row of a list: an object (not an array, not null), its fields read leniently. */
const Row = Type.Record(Type.String(), Type.Unknown());
type Row = Record<string, unknown>;

function rowsOf(body: unknown, what: string): Row[] {
  if (!Value.Check(List, body)) throw new UnexpectedResponseError(what);
  return body.filter((row): row is Row => Value.Check(Row, row));
}

function text(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const plain = htmlToText(String(value));
  return plain === '' ? undefined : plain;
}

function identifier(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return undefined;
  const id = value.trim();
  return id === '' ? undefined : id;
}

/** `name` is null for some forces (btp at the time of writing): `fallbackName` supplies one. */
export function parseForces(body: unknown, fallbackName: (id: string) => string): PoliceApiForce[] {
  return rowsOf(body, 'forces list').flatMap((row) => {
    const id = identifier(row.id);
    return id === undefined ? [] : [{ id, name: text(row.name) ?? fallbackName(id) }];
  });
}

export function parseNeighbourhoods(body: unknown): PoliceApiNeighbourhood[] {
  return rowsOf(body, 'neighbourhoods list').flatMap((row) => {
    const id = identifier(row.id);
    return id === undefined ? [] : [{ id, name: text(row.name) ?? id }];
  });
}

function coordinate(value: unknown, limit: number): number | undefined {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : undefined;
}

/** The API sends coordinates as decimal strings; points that are not numbers are dropped. */
export function parseBoundary(body: unknown): BoundaryPoint[] {
  return rowsOf(body, 'boundary').flatMap((row) => {
    const latitude = coordinate(row.latitude, 90);
    const longitude = coordinate(row.longitude, 180);
    return latitude === undefined || longitude === undefined ? [] : [{ latitude, longitude }];
  });
}

const TEXT_CONTACTS = new Set(['email', 'telephone', 'mobile', 'fax', 'address']);
const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;
const MAX_CONTACT_LENGTH = 500;

function linkContact(value: string): string | undefined {
  // Forces often type web addresses without a scheme ("www.facebook.com/...").
  const hostFirst = /^(?:[a-z0-9-]+\.)+[a-z]{2,}(?:[/?#]|$)/i.test(value);
  const url = safeLinkUrl(hostFirst ? `https://${value}` : value);
  return url !== undefined && url.startsWith('http') ? url : undefined;
}

function contactDetails(value: unknown): PoliceContactDetails {
  if (!Value.Check(Row, value)) return {};
  const details: PoliceContactDetails = {};
  for (const [key, raw] of Object.entries(value)) {
    const plain = text(raw);
    if (plain === undefined || plain.length > MAX_CONTACT_LENGTH) continue;
    if (key === 'email') {
      const address = plain.replace(/^mailto:/i, '');
      if (EMAIL.test(address)) details.email = address;
    } else if (TEXT_CONTACTS.has(key)) {
      details[key] = plain;
    } else {
      const url = linkContact(plain);
      if (url !== undefined) details[key] = url;
    }
  }
  return details;
}

/** Neighbourhood teams and force senior officers share one shape. */
export function parseMembers(body: unknown): PoliceMember[] {
  return rowsOf(body, 'people list').flatMap((row) => {
    const name = text(row.name);
    if (name === undefined) return [];
    const bio = typeof row.bio === 'string' ? sanitiseHtml(row.bio) : '';
    return [
      {
        name,
        rank: text(row.rank) ?? null,
        bio: bio === '' ? null : bio,
        contact_details: contactDetails(row.contact_details),
      },
    ];
  });
}

/** A month of `crimes-street-dates`: `{ date: "YYYY-MM", "stop-and-search": [...] }`. */
const PublishedMonth = Type.Object({ date: YearMonth() });

/**
 * The months data.police.uk has published street crime for, newest first, from
 * `crimes-street-dates`. Entries without a month are skipped; a list with none is refused.
 */
export function parsePublishedMonths(body: unknown): string[] {
  if (!Value.Check(List, body)) throw new UnexpectedResponseError('list of months');
  const months = body.flatMap((entry) => (Value.Check(PublishedMonth, entry) ? [entry.date] : []));
  if (months.length === 0) throw new UnexpectedResponseError('list of months, with no month in it');
  return months;
}
