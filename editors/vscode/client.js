// A small Language Server Protocol client: starts `rulespec lsp`, frames JSON-RPC messages
// over its standard input/output, and matches answers to requests. It needs nothing but
// Node.js, so the extension ships without npm dependencies (tests/test_editors.py runs it
// against the real server when Node.js is installed).
'use strict';

const { spawn } = require('child_process');

class LspClient {
  constructor(command, args, options = {}) {
    this.process = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], ...options });
    this.nextId = 1;
    this.pending = new Map();
    this.handlers = new Map();
    this.buffer = Buffer.alloc(0);
    this.process.stdout.on('data', (chunk) => this.receive(chunk));
    this.failure = null;  // set once the server cannot answer any more (did not start, or stopped)
    this.exited = new Promise((resolve) => {
      this.process.on('exit', resolve);
      this.process.on('error', resolve);  // spawn failed: Node emits 'error' and never 'exit'
    });
    this.process.on('exit', () => this.fail(new Error('rulespec lsp stopped')));
    this.process.on('error', (e) => this.fail(new Error(`rulespec lsp could not start: ${e.message}`)));
  }

  // Reject every waiting request and make later ones fail at once.
  fail(error) {
    this.failure = this.failure || error;
    for (const { reject } of this.pending.values()) reject(this.failure);
    this.pending.clear();
  }

  // A notification from the server (e.g. textDocument/publishDiagnostics).
  onNotification(method, handler) {
    this.handlers.set(method, handler);
  }

  send(message) {
    if (this.failure) return;
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }), 'utf8');
    this.process.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.process.stdin.write(body);
  }

  request(method, params) {
    const id = this.nextId++;
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.send({ id, method, params });
    });
  }

  notify(method, params) {
    this.send({ method, params });
  }

  receive(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const match = /Content-Length: *(\d+)/i.exec(this.buffer.subarray(0, end).toString('ascii'));
      const length = match ? Number(match[1]) : 0;
      if (this.buffer.length < end + 4 + length) return;
      const body = this.buffer.subarray(end + 4, end + 4 + length).toString('utf8');
      this.buffer = this.buffer.subarray(end + 4 + length);
      this.dispatch(JSON.parse(body));
    }
  }

  dispatch(message) {
    if (message.id !== undefined && message.method === undefined) {  // an answer
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (!waiting) return;
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result);
    } else if (message.id !== undefined) {  // a request from the server: none is needed
      this.send({ id: message.id, result: null });
    } else {
      const handler = this.handlers.get(message.method);
      if (handler) handler(message.params);
    }
  }

  async start(rootUri) {
    const result = await this.request('initialize', {
      processId: process.pid, rootUri, capabilities: {},
      clientInfo: { name: 'rulespec-vscode' },
    });
    this.notify('initialized', {});
    return result;
  }

  async stop() {
    try {
      await this.request('shutdown', null);
      this.notify('exit', null);
    } finally {
      await Promise.race([this.exited, new Promise((resolve) => setTimeout(resolve, 2000))]);
      this.process.kill();
    }
  }
}

module.exports = { LspClient };
