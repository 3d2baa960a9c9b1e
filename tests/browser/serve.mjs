#!/usr/bin/env node
// A tiny static file server for the built site, on 127.0.0.1 only.
//   node tests/browser/serve.mjs --dir build/web-release/site [--port 8080] [--quiet]
// Port 0 picks a free port. Prints "serving http://127.0.0.1:PORT/" once listening.
// Also importable: startServer({dir, port}) -> {server, url, requests}.
import {createServer} from 'node:http';
import {readFile, stat} from 'node:fs/promises';
import {extname, join, normalize, resolve, sep} from 'node:path';
import {fileURLToPath} from 'node:url';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.otf': 'font/otf',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export function startServer({dir, port = 0, host = '127.0.0.1', quiet = true} = {}) {
  const root = resolve(dir);
  const requests = [];
  const server = createServer(async (req, res) => {
    let path = '/';
    try {
      path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      res.writeHead(400).end('bad request');
      return;
    }
    if (path.endsWith('/')) path += 'index.html';
    const file = normalize(join(root, path));
    const entry = {method: req.method, path, status: 0};
    requests.push(entry);
    if (file !== root && !file.startsWith(root + sep)) {
      entry.status = 403;
      res.writeHead(403).end('forbidden');
      return;
    }
    try {
      const st = await stat(file);
      if (!st.isFile()) throw new Error('not a file');
      const body = await readFile(file);
      entry.status = 200;
      res.writeHead(200, {
        'Content-Type': MIME[extname(file).toLowerCase()] || 'application/octet-stream',
        'Content-Length': body.length,
        'Cache-Control': 'no-cache',
        'X-Content-Type-Options': 'nosniff',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      entry.status = 404;
      res.writeHead(404, {'Content-Type': 'text/plain; charset=utf-8'}).end('not found: ' + path);
    }
    if (!quiet) console.log(`${req.method} ${path} ${entry.status}`);
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      const url = `http://${host}:${server.address().port}/`;
      ok({server, url, requests});
    });
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = {dir: null, port: 8080, quiet: true};
  for (let i = 0; i < args.length; ++i) {
    const a = args[i];
    if (a === '--dir') opt.dir = args[++i];
    else if (a.startsWith('--dir=')) opt.dir = a.slice(6);
    else if (a === '--port') opt.port = Number(args[++i]);
    else if (a.startsWith('--port=')) opt.port = Number(a.slice(7));
    else if (a === '--verbose') opt.quiet = false;
    else if (a === '--quiet') opt.quiet = true;
    else if (!opt.dir && !a.startsWith('-')) opt.dir = a;
    else {
      console.error(`serve.mjs: unknown argument '${a}' (use --dir DIR --port N [--verbose])`);
      process.exit(2);
    }
  }
  if (!opt.dir || !Number.isInteger(opt.port) || opt.port < 0 || opt.port > 65535) {
    console.error('serve.mjs: usage: node serve.mjs --dir SITE_DIR [--port N] [--verbose]');
    process.exit(2);
  }
  try {
    const st = await stat(opt.dir);
    if (!st.isDirectory()) throw new Error();
  } catch {
    console.error(`serve.mjs: ${opt.dir} is not a folder (build the site first: scripts/build-web.sh)`);
    process.exit(2);
  }
  try {
    const {url} = await startServer(opt);
    console.log(`serving ${url}`);
  } catch (e) {
    console.error(`serve.mjs: cannot listen on 127.0.0.1:${opt.port}: ${e.code || e.message}`);
    process.exit(1);
  }
}
