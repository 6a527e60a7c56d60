'use strict';
// JSON-RPC 2.0 over the Language Server Protocol's base protocol (`Content-Length: N\r\n\r\n`
// + N bytes of UTF-8 JSON), on a readable and a writable stream. Independent of VS Code.

const { EventEmitter } = require('events');

const HEADER_END = Buffer.from('\r\n\r\n', 'ascii');

/** Splits a byte stream into the JSON bodies of its messages. */
class MessageReader {
  constructor(onMessage, onError) {
    this.buffer = Buffer.alloc(0);
    this.onMessage = onMessage;
    this.onError = onError;
  }

  push(chunk) {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf(HEADER_END);
      if (headerEnd < 0) return;
      const header = this.buffer.subarray(0, headerEnd).toString('ascii');
      const match = /^content-length:[ \t]*(\d+)[ \t\r]*$/im.exec(header);
      if (!match) {
        this.onError(new Error(`a message header without Content-Length: ${JSON.stringify(header)}`));
        this.buffer = this.buffer.subarray(headerEnd + HEADER_END.length);
        continue;
      }
      const length = Number(match[1]);
      const start = headerEnd + HEADER_END.length;
      if (this.buffer.length < start + length) return;
      const body = this.buffer.subarray(start, start + length).toString('utf8');
      this.buffer = this.buffer.subarray(start + length);
      let message;
      try {
        message = JSON.parse(body);
      } catch (error) {
        this.onError(new Error(`invalid JSON from the server: ${error.message}`));
        continue;
      }
      this.onMessage(message);
    }
  }
}

/** Frames one message. */
function frame(message) {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]);
}

/** An error response to one of our requests. */
class ResponseError extends Error {
  constructor(method, error) {
    super(`${method}: ${error && error.message ? error.message : 'request failed'}`);
    this.code = error && error.code;
    this.data = error && error.data;
  }
}

/**
 * A JSON-RPC connection. Emits 'notification' (method, params), 'request' (method, params,
 * respond), 'message' (direction, message) for tracing, 'error' (Error) for what it had to
 * drop, and 'close' once `close()` is called.
 */
class Connection extends EventEmitter {
  constructor(input, output) {
    super();
    this.output = output;
    this.nextID = 1;
    this.pending = new Map();
    this.closed = false;
    this.reader = new MessageReader(
      (message) => this.receive(message),
      (error) => this.emit('error', error),
    );
    input.on('data', (chunk) => this.reader.push(chunk));
  }

  /** Sends a request; resolves with its result, rejects with a ResponseError. */
  request(method, params) {
    if (this.closed) return Promise.reject(new Error(`${method}: the connection is closed`));
    const id = this.nextID++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { method, resolve, reject });
      this.send({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method, params) {
    if (this.closed) return;
    this.send(params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params });
  }

  send(message) {
    this.emit('message', 'send', message);
    this.output.write(frame(message));
  }

  receive(message) {
    this.emit('message', 'receive', message);
    if (message === null || typeof message !== 'object') return;
    if (typeof message.method === 'string') {
      if (message.id === undefined || message.id === null) {
        this.emit('notification', message.method, message.params);
        return;
      }
      let answered = false;
      const respond = (result, error) => {
        if (answered || this.closed) return;
        answered = true;
        this.send(error ? { jsonrpc: '2.0', id: message.id, error } : { jsonrpc: '2.0', id: message.id, result: result === undefined ? null : result });
      };
      if (this.listenerCount('request') === 0) {
        respond(undefined, { code: -32601, message: `unhandled method ${message.method}` });
      } else {
        this.emit('request', message.method, message.params, respond);
      }
      return;
    }
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    if (message.error) pending.reject(new ResponseError(pending.method, message.error));
    else pending.resolve(message.result);
  }

  /** Fails the requests still waiting; sends nothing more. */
  close(reason) {
    if (this.closed) return;
    this.closed = true;
    for (const pending of this.pending.values()) {
      pending.reject(new Error(`${pending.method}: ${reason || 'the connection closed'}`));
    }
    this.pending.clear();
    this.emit('close');
  }
}

module.exports = { Connection, MessageReader, ResponseError, frame };
