import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, isPublicAddress, resolveTarget, WebhookTargetRefused } from './address-guard.ts';

describe('isPublicAddress', () => {
  it.each([
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '127.0.0.1',
    '0.0.0.0',
    '169.254.169.254',
    '100.64.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.10',
    '198.51.100.7',
    '203.0.113.9',
    '198.18.0.1',
  ])('refuses IPv4 %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '2001:db8::1', 'fec0::1', '100::1'])(
    'refuses IPv6 %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(false);
    },
  );

  it.each(['::ffff:127.0.0.1', '::ffff:10.1.2.3', '::ffff:169.254.169.254', '::ffff:7f00:1'])(
    'judges the IPv4-mapped %s by its IPv4 address',
    (address) => {
      expect(isPublicAddress(address)).toBe(false);
    },
  );

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '151.101.1.1',
    '2606:4700:4700::1111',
    '2a00:1450:4009::200e',
    '::ffff:8.8.8.8',
  ])('accepts the public %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('refuses what is not an address', () => {
    expect(isPublicAddress('example.org')).toBe(false);
  });
});

describe('checkWebhookUrl', () => {
  it('accepts an https URL of a public host', () => {
    expect(checkWebhookUrl('https://hooks.example.org/crime?x=1', false).ok).toBe(true);
  });

  it.each([
    ['http://hooks.example.org/', 'https'],
    ['ftp://hooks.example.org/', 'https'],
    ['not a url', 'valid'],
    ['https://user:pw@hooks.example.org/', 'credentials'],
    ['https://user@hooks.example.org/', 'credentials'],
    ['https://10.0.0.5/hook', 'private'],
    ['https://127.0.0.1/hook', 'private'],
    ['https://[::1]/hook', 'private'],
    ['https://[::ffff:192.168.0.1]/hook', 'private'],
    ['https://169.254.169.254/latest/meta-data', 'private'],
    [`https://hooks.example.org/${'a'.repeat(2100)}`, 'at most'],
  ])('refuses %s', (url, reason) => {
    const check = checkWebhookUrl(url, false);
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(check.error).toContain(reason);
      expect(check.error.startsWith('url')).toBe(true);
    }
  });

  it('allows plain http and private addresses with WEBHOOK_ALLOW_PRIVATE_ADDRESSES', () => {
    expect(checkWebhookUrl('http://127.0.0.1:8080/hook', true).ok).toBe(true);
    expect(checkWebhookUrl('http://user:pw@127.0.0.1/hook', true).ok).toBe(false);
  });
});

describe('resolveTarget', () => {
  const resolver = (answers: Record<string, string[]>) => async (host: string) =>
    (answers[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('answers a public address the host resolves to', async () => {
    const resolve = resolver({ 'hooks.example.org': ['93.184.216.34'] });
    await expect(
      resolveTarget(new URL('https://hooks.example.org/'), { allowPrivate: false, resolve }),
    ).resolves.toEqual({ address: '93.184.216.34', family: 4 });
  });

  it.each([
    ['loopback', ['127.0.0.1']],
    ['private IPv4 among public ones', ['93.184.216.34', '10.0.0.7']],
    ['IPv6 unique-local', ['fd00::5']],
    ['IPv4-mapped loopback', ['::ffff:127.0.0.1']],
    ['link-local (cloud metadata)', ['169.254.169.254']],
  ])('refuses a host resolving to %s', async (_, addresses) => {
    const resolve = resolver({ 'evil.example': addresses });
    await expect(
      resolveTarget(new URL('https://evil.example/'), { allowPrivate: false, resolve }),
    ).rejects.toBeInstanceOf(WebhookTargetRefused);
  });

  it('refuses a host with no address', async () => {
    await expect(
      resolveTarget(new URL('https://nowhere.example/'), { allowPrivate: false, resolve: resolver({}) }),
    ).rejects.toThrow('no address');
  });

  it('lets a private answer through with the flag', async () => {
    const resolve = resolver({ 'receiver.test': ['127.0.0.1'] });
    await expect(
      resolveTarget(new URL('http://receiver.test:8080/'), { allowPrivate: true, resolve }),
    ).resolves.toEqual({ address: '127.0.0.1', family: 4 });
  });
});
