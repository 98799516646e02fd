import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fetchPublicText,
  isPublicAddress,
  OutboundError,
  type PublicFetchOptions,
} from './public-fetch';

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['10.20.30.40', false],
    ['172.16.5.4', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fd12:3456::1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['not an address', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('fetchPublicText, against a server on this machine', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/ok') return response.end('<md:EntityDescriptor/>');
      if (request.url === '/moved') {
        return response.writeHead(302, { location: 'http://169.254.169.254/' }).end();
      }
      if (request.url === '/broken') return response.writeHead(500).end('no');
      if (request.url === '/big') return response.end('x'.repeat(5000));
      // /slow never answers.
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const options = (allowPrivate: boolean): PublicFetchOptions => ({
    allowPrivate,
    timeoutMs: 300,
    maxBytes: 1000,
  });
  const reasonOf = async (url: string, allowPrivate = true) => {
    try {
      await fetchPublicText(new URL(url), options(allowPrivate));
      return 'fetched';
    } catch (error) {
      return error instanceof OutboundError ? error.reason : String(error);
    }
  };

  it('refuses this machine by address and by name unless private addresses are allowed', async () => {
    expect(await reasonOf(`${base}/ok`, false)).toBe('private_address');
    expect(await reasonOf(base.replace('127.0.0.1', 'localhost') + '/ok', false)).toBe(
      'private_address',
    );
    expect(await reasonOf('http://[::1]:9/ok', false)).toBe('private_address');
    expect(await fetchPublicText(new URL(`${base}/ok`), options(true))).toBe(
      '<md:EntityDescriptor/>',
    );
  });

  it('follows no redirect, and refuses an error, an answer too large and a silence', async () => {
    expect(await reasonOf(`${base}/moved`)).toBe('redirect');
    expect(await reasonOf(`${base}/broken`)).toBe('status');
    expect(await reasonOf(`${base}/big`)).toBe('too_large');
    expect(await reasonOf(`${base}/slow`)).toBe('timeout');
    expect(await reasonOf('http://127.0.0.1:1/ok')).toBe('unreachable');
  });
});
