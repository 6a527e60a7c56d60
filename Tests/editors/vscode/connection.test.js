'use strict';
// editors/vscode/connection.js: the base protocol's framing and JSON-RPC, without a server.
//
//   node --test Tests/editors/vscode/

const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('path');
const { PassThrough } = require('stream');

const { Connection, MessageReader, frame } = require(path.resolve(__dirname, '../../../editors/vscode/connection.js'));

function read(chunks) {
  const messages = [];
  const errors = [];
  const reader = new MessageReader((m) => messages.push(m), (e) => errors.push(e.message));
  for (const chunk of chunks) reader.push(chunk);
  return { messages, errors };
}

test('frames count bytes, not characters', () => {
  const bytes = frame({ text: 'é→😀' });
  const [header, body] = bytes.toString('utf8').split('\r\n\r\n');
  assert.equal(header, `Content-Length: ${Buffer.byteLength(body, 'utf8')}`);
  assert.equal(Buffer.byteLength(body, 'utf8'), JSON.stringify({ text: 'é→😀' }).length + 5);
});

test('messages split anywhere, several headers, junk headers skipped', () => {
  const second = Buffer.from('{"b":"é"}', 'utf8');
  const stream = Buffer.concat([
    frame({ a: 1 }),
    Buffer.from('X-Junk: 1\r\n\r\n'),
    Buffer.from(`Content-Length: ${second.length}\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n`),
    second,
  ]);
  const oneByteAtATime = [];
  for (let i = 0; i < stream.length; i += 1) oneByteAtATime.push(stream.subarray(i, i + 1));
  for (const chunks of [[stream], oneByteAtATime]) {
    const { messages, errors } = read(chunks);
    assert.deepEqual(messages, [{ a: 1 }, { b: 'é' }]);
    assert.equal(errors.length, 1);
    assert.match(errors[0], /without Content-Length/);
  }
});

test('requests resolve with their result or reject with the error; notifications and server requests are routed', async () => {
  const toClient = new PassThrough();
  const toServer = new PassThrough();
  const connection = new Connection(toClient, toServer);
  const sent = [];
  const serverReader = new MessageReader((m) => sent.push(m), () => {});
  toServer.on('data', (chunk) => serverReader.push(chunk));
  const notifications = [];
  connection.on('notification', (method, params) => notifications.push([method, params]));

  const first = connection.request('initialize', { processId: 1 });
  const second = connection.request('shutdown', null);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(sent.map((m) => [m.id, m.method]), [[1, 'initialize'], [2, 'shutdown']]);
  toClient.write(frame({ jsonrpc: '2.0', id: 2, error: { code: -32600, message: 'no' } }));
  toClient.write(frame({ jsonrpc: '2.0', method: 'window/logMessage', params: { message: 'hi' } }));
  toClient.write(frame({ jsonrpc: '2.0', id: 1, result: { capabilities: {} } }));
  toClient.write(frame({ jsonrpc: '2.0', id: 'x', method: 'workspace/configuration', params: {} }));
  assert.deepEqual(await first, { capabilities: {} });
  await assert.rejects(second, (error) => error.code === -32600 && /shutdown: no/.test(error.message));
  assert.deepEqual(notifications, [['window/logMessage', { message: 'hi' }]]);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(sent[2], { jsonrpc: '2.0', id: 'x', error: { code: -32601, message: 'unhandled method workspace/configuration' } });

  const pending = connection.request('textDocument/formatting', {});
  connection.close('the server exited');
  await assert.rejects(pending, /the server exited/);
  await assert.rejects(connection.request('shutdown', null), /closed/);
});
