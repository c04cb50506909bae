import { describe, expect, it } from 'vitest';
import { deliveryStatus, responseText } from './webhookLog.ts';

describe('webhook delivery log texts', () => {
  it('names each status with its tone', () => {
    expect(deliveryStatus({ status: 'delivered' })).toEqual({ label: 'delivered', tone: 'ok' });
    expect(deliveryStatus({ status: 'pending' })).toEqual({ label: 'retrying', tone: 'warn' });
    expect(deliveryStatus({ status: 'failed' })).toEqual({ label: 'failed', tone: 'bad' });
    expect(deliveryStatus({ status: 'cancelled' }).tone).toBe('neutral');
  });

  it('shows the response code, else why there was none', () => {
    expect(responseText({ responseCode: 500, lastError: 'Answered 500.', attempts: 1 })).toBe('500');
    expect(responseText({ responseCode: null, lastError: 'timed out', attempts: 2 })).toBe('timed out');
    expect(responseText({ responseCode: null, lastError: null, attempts: 0 })).toBe('not tried yet');
  });
});
