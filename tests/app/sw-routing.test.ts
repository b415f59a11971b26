// The service worker's decisions (src/app/offline/sw-routing.ts): money and personal data never touch a cache.
import { describe, expect, it } from 'vitest';
import {
  keptPage,
  mayStore,
  offlineFallback,
  staleCaches,
  strategyFor,
} from '../../src/app/offline/sw-routing';
import { routeKey } from '../../src/domain/route-key';

const origin = 'https://wallet.example';
const facts = (url: string, method = 'GET', mode = 'cors') => ({
  url: `${origin}${url}`,
  method,
  mode,
  origin,
});

describe('strategyFor', () => {
  it('sends every /api request to the network only, whatever its method or mode', () => {
    for (const url of ['/api', '/api/', '/api/Wallet/balance', '/api/health?x=1', '/api/app.12345678.js']) {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
        for (const mode of ['cors', 'navigate', 'same-origin']) {
          expect(strategyFor(facts(url, method, mode)), `${method} ${url} ${mode}`).toBe('network-only');
        }
      }
    }
  });

  it('leaves the operations console (/ops, its pages and its hashed files) to the network', () => {
    for (const url of ['/ops', '/ops/', '/OPS/users/12', '/ops/ops.b53e65a3.js', '/ops/ops.74be26ce.css']) {
      for (const mode of ['cors', 'navigate', 'no-cors']) {
        expect(strategyFor(facts(url, 'GET', mode)), `${url} ${mode}`).toBe('network-only');
      }
    }
    expect(strategyFor(facts('/opsx.27c4854e.js'))).toBe('cache-first');
  });

  it('never answers a request other than GET from the cache', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']) {
      expect(strategyFor(facts('/platform.27c4854e.js', method))).toBe('network-only');
      expect(strategyFor(facts('/LogIn', method, 'navigate'))).toBe('network-only');
    }
  });

  it('keeps content-hashed files cache-first', () => {
    for (const url of ['/platform.27c4854e.js', '/platform.2bd76653.css', '/logo.681c452c.svg']) {
      expect(strategyFor(facts(url))).toBe('cache-first');
    }
  });

  it('treats page loads as pages (network first), other files of the site as network-only', () => {
    expect(strategyFor(facts('/Dashboard/walletHistory', 'GET', 'navigate'))).toBe('page');
    expect(strategyFor(facts('/', 'GET', 'navigate'))).toBe('page');
    for (const url of ['/sw.js', '/manifest.webmanifest', '/robots.txt', '/media/video.webm', '/Dashboard']) {
      expect(strategyFor(facts(url)), url).toBe('network-only');
    }
  });

  it('leaves other origins alone', () => {
    expect(
      strategyFor({ url: 'https://cdn.example/app.27c4854e.js', method: 'GET', mode: 'cors', origin }),
    ).toBe('network-only');
    expect(strategyFor({ url: 'https://other.example/', method: 'GET', mode: 'navigate', origin })).toBe(
      'network-only',
    );
  });
});

describe('mayStore', () => {
  it('stores only a complete answer of this site', () => {
    expect(mayStore({ ok: true, status: 200, type: 'basic' })).toBe(true);
    expect(mayStore({ ok: true, status: 206, type: 'basic' })).toBe(false);
    expect(mayStore({ ok: false, status: 404, type: 'basic' })).toBe(false);
    expect(mayStore({ ok: false, status: 0, type: 'opaque' })).toBe(false);
    expect(mayStore({ ok: true, status: 200, type: 'cors' })).toBe(false);
  });
});

describe('offline pages', () => {
  const pages = ['/', '/LogIn', '/SignUp', '/TermsAndConditions'];

  it('matches paths like the router: without case or trailing slash', () => {
    expect(routeKey('/LogIn/')).toBe('/login');
    expect(routeKey('/')).toBe('/');
    expect(routeKey('')).toBe('/');
  });

  it('shows the kept public page, else the offline page', () => {
    expect(offlineFallback(`${origin}/login?next=1`, pages, '/offline.html')).toBe('/LogIn');
    expect(offlineFallback(`${origin}/`, pages, '/offline.html')).toBe('/');
    expect(offlineFallback(`${origin}/Dashboard`, pages, '/offline.html')).toBe('/offline.html');
    expect(offlineFallback(`${origin}/SendMoney`, pages, '/offline.html')).toBe('/offline.html');
  });

  it('refreshes the copy of a kept public page only', () => {
    expect(keptPage(`${origin}/signup`, pages)).toBe('/SignUp');
    expect(keptPage(`${origin}/Dashboard/walletHistory`, pages)).toBeNull();
  });
});

describe('staleCaches', () => {
  it('deletes the older builds of this app only', () => {
    expect(
      staleCaches(['cedi-wallet-aaa', 'cedi-wallet-bbb', 'someone-else'], 'cedi-wallet-', 'cedi-wallet-bbb'),
    ).toEqual(['cedi-wallet-aaa']);
  });
});
