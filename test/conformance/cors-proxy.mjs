/**
 * The forward HTTP proxy Chromium sends the conformance scenarios' traffic through. The scenario
 * servers send no CORS headers, so a page could not read their answers; this proxy passes every
 * request on unchanged (method, path, headers, body) and every answer back unchanged (status,
 * headers, body, streamed as it comes) with CORS headers added for the page's origin. It answers
 * CORS preflights itself, so the scenario servers never see a request the widget did not make.
 * Nothing the scenarios check (metadata URLs, `resource`, `WWW-Authenticate`) is touched.
 */
import http from 'node:http';

/** Request headers that belong to the hop to this proxy, not to the request passed on. */
const HOP_HEADERS = new Set(['proxy-connection', 'proxy-authorization', 'keep-alive', 'connection']);

function corsHeaders(origin, exposed) {
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': exposed.join(', '),
    vary: 'Origin',
  };
}

/** Answers a CORS preflight: whatever the page asks to send is allowed. */
function answerPreflight(req, res) {
  res.writeHead(204, {
    'access-control-allow-origin': req.headers.origin ?? '*',
    'access-control-allow-credentials': 'true',
    'access-control-allow-methods': req.headers['access-control-request-method'] ?? 'GET, POST, DELETE',
    'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '',
    'access-control-max-age': '600',
  });
  res.end();
}

function passOn(req, res, target) {
  const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !HOP_HEADERS.has(name)));
  const upstream = http.request({ host: target.hostname, port: target.port || 80, path: target.pathname + target.search, method: req.method, headers }, (answer) => {
    const names = Object.keys(answer.headers).filter((name) => !name.startsWith('access-control-'));
    const out = Object.fromEntries(names.map((name) => [name, answer.headers[name]]));
    if (req.headers.origin) Object.assign(out, corsHeaders(req.headers.origin, names));
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, out);
    res.flushHeaders();
    // A scenario server that drops the connection mid-answer ends the page's answer there.
    answer.on('error', () => res.destroy());
    answer.pipe(res);
  });
  upstream.on('error', (error) => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`proxy: ${error.message}`);
  });
  // The page gave up on the request (a closed stream, a cancelled call): so does the proxy.
  res.on('close', () => upstream.destroy());
  req.on('error', () => upstream.destroy());
  req.pipe(upstream);
}

/** Starts the proxy on 127.0.0.1 (a free port). Returns { url, close() }. */
export async function startCorsProxy() {
  const sockets = new Set();
  const server = http.createServer((req, res) => {
    let target;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end('proxy: absolute URLs only');
      return;
    }
    if (target.protocol !== 'http:') {
      res.writeHead(400).end('proxy: http only');
      return;
    }
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) answerPreflight(req, res);
    else passOn(req, res, target);
  });
  // No tunnels: the scenarios speak plain HTTP on loopback.
  server.on('connect', (_req, socket) => {
    socket.on('error', () => {});
    socket.end('HTTP/1.1 405 Method Not Allowed\r\n\r\n');
  });
  server.on('connection', (socket) => {
    // A connection the browser resets (a page closed mid-request) is not the proxy's failure.
    socket.on('error', () => {});
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
