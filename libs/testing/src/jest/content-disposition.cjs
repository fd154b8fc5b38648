// content-disposition 3 is ESM-only and @fastify/static require()s it. Node 20.19+ can
// require() ES modules, but Jest's own module loader cannot (before Node 24.9), so under Jest
// the name maps here (jest.config.js). Only reply.download() would call it.
'use strict';

function create(filename, options) {
  const type = (options && options.type) || 'attachment';
  if (filename === undefined) return type;
  const ascii = String(filename).replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(String(filename))}`;
}

function parse() {
  throw new Error('content-disposition parse() is not available under Jest');
}

module.exports = { create, parse };
