import type { Transaction } from 'sequelize';
import { describe, expect, it } from 'vitest';
import type { SearchRequestBody, SearchResponse } from '../../../common/search/types.ts';
import { areaAlertMail, type AreaAlertPayload } from './alert-mail.ts';
import { createAlertMailer } from './alert-mailer.ts';

/**
 * What the month's mailer queues for a neighbourhood: the search answer's facts about the area,
 * so that the mail, composed later in the subscriber's language, names it without reading the
 * English label. The search is a stand-in answering one month's figures; the mailer is real.
 */

const MONTH = '2025-07';

/** The search's answer for a neighbourhood, as much of it as the mailer reads. */
function answerFor(request: SearchRequestBody, synthetic = false): SearchResponse {
  const month = (m: string, totalCrimes: number) => ({
    month: m,
    totalCrimes,
    crimeTypes: { burglary: totalCrimes },
    hasData: true,
    incomplete: false,
  });
  return {
    stats: {
      population: { total: 8000 },
      monthlyBreakdown: [month('2025-06', 30), month(MONTH, 42)],
    },
    dataInfo: {
      searchType: request.searchType ?? 'radius',
      // Worded otherwise than the search writes it: only `neighbourhoodName` can say "Treganna".
      area: {
        label: 'Treganna ward (South Wales Police)',
        postcode: null,
        forceId: request.forceId ?? null,
        neighbourhoodId: request.neighbourhoodId ?? null,
        neighbourhoodName: 'Treganna',
      },
      synthetic,
    },
  } as unknown as SearchResponse;
}

async function queuedFor(
  areaId: string,
  { synthetic = false, categories = [] as string[] } = {},
): Promise<AreaAlertPayload[]> {
  const queued: AreaAlertPayload[] = [];
  const mailer = createAlertMailer({
    alerts: { confirmed: async () => [{ id: 7, area: areaId, categories }] },
    search: { search: async (request) => answerFor(request, synthetic) },
    outbox: {
      enqueue: async (_kind, payload) => {
        queued.push(payload as AreaAlertPayload);
        return queued.length;
      },
    },
  });
  const writes = await mailer({ month: MONTH, dataVersion: 'v1' });
  await writes?.({ afterCommit: () => undefined } as unknown as Transaction);
  return queued;
}

describe("the month's mailer, for a neighbourhood", () => {
  it("queues the neighbourhood's own name beside the label, and the Welsh mail names it by it", async () => {
    const [payload, ...rest] = await queuedFor('neighbourhood:south-wales:CF1');
    expect(rest).toEqual([]);
    expect(payload).toMatchObject({ area: 'neighbourhood:south-wales:CF1', neighbourhoodName: 'Treganna' });
    const mail = areaAlertMail(
      payload!,
      { email: 'gwen@example.org', token: 'tok', locale: 'cy' },
      'alerts@crime-clock.example',
      'https://crime-clock.example',
    );
    expect(mail.subject).toBe('Treganna, Heddlu De Cymru: cofnodwyd 42 o droseddau ym mis Gorffennaf 2025');
    expect(mail.text).not.toContain('South Wales Police');
  });
});

describe("the month's mailer, for the synthetic sample and chosen categories", () => {
  it('queues whether the figures are synthetic, and the mail says so', async () => {
    const [sample] = await queuedFor('force:south-wales', { synthetic: true });
    expect(sample).toMatchObject({ synthetic: true });
    const mail = areaAlertMail(
      sample!,
      { email: 'a@example.org', token: 't', locale: 'en' },
      'f@x.org',
      'https://x.org',
    );
    expect(mail.text.split('\n')[0]).toMatch(/synthetic sample/);
    const [real] = await queuedFor('force:south-wales');
    expect(real).toMatchObject({ synthetic: false });
  });

  it("queues the subscription's categories and counts only them", async () => {
    const [payload] = await queuedFor('force:south-wales', { categories: ['robbery'] });
    expect(payload!.categories).toEqual(['robbery']);
    // The stand-in's crimes are all burglary: none of them is robbery.
    expect(payload!.figures.crimes).toBe(0);
  });
});
