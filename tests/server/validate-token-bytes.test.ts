/**
 * What an idle signed-in tab's ValidateToken poll (one a second, the spec's rule) costs on the wire: 60 polls over
 * one kept-alive HTTP/1.1 connection to a listening host, every byte of each request and each answer counted (issue
 * 23; figures in docs/performance.md). The request is the browser's (src/services/user.ts validateToken) with the
 * headers a phone's Chrome adds; the answer is the host's as it is, with the CSP of a built app's inline hashes.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/paths';
import { signedInUser } from '../support/server-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let token: string;
let port: number;

beforeAll(async () => {
  // A built app's inline entry script and stylesheet hashes, as dist/ has them: the pages' CSP names them.
  const staticDir = path.join(tmpdir(), `wallet-bytes-${process.pid}`);
  await mkdir(staticDir, { recursive: true });
  await writeFile(path.join(staticDir, 'inline-scripts.json'), JSON.stringify([`sha256-${'A'.repeat(43)}=`]));
  await writeFile(path.join(staticDir, 'inline-styles.json'), JSON.stringify([`sha256-${'B'.repeat(43)}=`]));
  t = await createTestApp({ STATIC_DIR: staticDir });
  token = (await signedInUser(t.app)).token;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

/** The poll as a phone's Chrome sends it from the app's origin (the headers it adds are the browser's, not ours). */
const pollRequest = (host: string) => {
  const body = JSON.stringify({ token });
  return [
    `POST ${apiPaths.validateToken} HTTP/1.1`,
    `Host: ${host}`,
    'Connection: keep-alive',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'sec-ch-ua-platform: "Android"',
    'User-Agent: Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    'Accept: application/json',
    'sec-ch-ua: "Google Chrome";v="131", "Chromium";v="131", "Not_A Brand";v="24"',
    'Content-Type: application/json',
    'sec-ch-ua-mobile: ?1',
    `Origin: http://${host}`,
    'Sec-Fetch-Site: same-origin',
    'Sec-Fetch-Mode: cors',
    'Sec-Fetch-Dest: empty',
    `Referer: http://${host}/Dashboard`,
    'Accept-Encoding: gzip, deflate, br, zstd',
    'Accept-Language: en-GB,en;q=0.9',
    '',
    body,
  ].join('\r\n');
};

/** Sends `request` and reads one whole answer (headers and Content-Length body): its bytes and its head. */
const exchange = (socket: Socket, request: string) =>
  new Promise<{ bytes: number; head: string; body: string }>((resolve, reject) => {
    let received = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = received.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (received.length < end + 4 + length) return;
      socket.off('data', onData);
      socket.off('error', reject);
      resolve({ bytes: received.length, head, body: received.subarray(end + 4).toString('utf8') });
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.write(request);
  });

describe('an idle tab’s ValidateToken polls on the wire', () => {
  it('cost at most 75 KB a minute (60 polls): the answer carries none of the pages’ headers', async () => {
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const request = pollRequest(`127.0.0.1:${port}`);
    let sent = 0;
    let received = 0;
    let last = { bytes: 0, head: '', body: '' };
    try {
      for (let i = 0; i < 60; i += 1) {
        last = await exchange(socket, request);
        expect(last.head, `poll ${i}`).toMatch(/^HTTP\/1\.1 200 /);
        sent += Buffer.byteLength(request);
        received += last.bytes;
      }
    } finally {
      socket.destroy();
    }
    expect(JSON.parse(last.body)).toEqual({ code: 200, message: 'OK', data: { valid: true } });
    const headBytes = Buffer.byteLength(last.head) + 4;
    console.log(
      `ValidateToken, 60 polls: sent ${sent} B, received ${received} B, total ${sent + received} B ` +
        `(${((sent + received) / 1024).toFixed(1)} KB a minute); one answer ${last.bytes} B, its head ${headBytes} B\n` +
        last.head,
    );
    expect(headBytes).toBeLessThanOrEqual(500);
    expect(sent + received).toBeLessThanOrEqual(75 * 1024);
  });
});
