// The load bench's clients: keep-alive HTTP agents bound to loopback source addresses (nginx hashes the
// client address, so several addresses reach both apis), one request helper, and socket.io clients that
// timestamp each broadcast they receive.
import { request, Agent } from 'node:http';
import { apiRequire, BenchAbort } from '../lib.mjs';

/** One keep-alive agent per source address 127.0.0.<from>..127.0.0.<from + count - 1>. */
export function sourceAgents(count, from = 2) {
  return Array.from(
    { length: count },
    (_, i) => new Agent({ keepAlive: true, localAddress: `127.0.0.${from + i}`, maxSockets: Infinity }),
  );
}

/**
 * One HTTP request through `agent`; resolves to the body text, rejects on a network error or a status of
 * 400 and up. A GET that fails on a reused keep-alive connection the server had just closed is sent once
 * more (Node's documented race); a POST or PUT never is.
 */
export function send(agent, url, { method = 'GET', token, body } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const attempt = (retry) =>
    new Promise((resolve, reject) => {
      const req = request(
        url,
        {
          method,
          agent,
          headers: {
            ...(token && { authorization: `Bearer ${token}` }),
            ...(payload && {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(payload),
            }),
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            if (res.statusCode >= 400)
              reject(new Error(`${method} ${url}: ${res.statusCode} ${text.slice(0, 200)}`));
            else resolve(text);
          });
        },
      );
      req.on('error', (error) => {
        if (retry && method === 'GET' && req.reusedSocket && error.code === 'ECONNRESET')
          resolve(attempt(false));
        else reject(error);
      });
      req.end(payload);
    });
  return attempt(true);
}

/**
 * `count` socket.io clients on `url`'s /hub, authenticated like the web app (`auth.token`, default
 * transports: polling, then the upgrade to WebSocket), client i through agents[i % agents.length].
 * Resolves once all are connected and upgraded; `receive(i)` is called on each PlatformStatus.
 */
export async function connectHubClients({ url, count, tokens, agents, receive, batch = 50 }) {
  const { io } = apiRequire('socket.io-client');
  const sockets = [];
  const connectOne = (i) =>
    new Promise((resolve, reject) => {
      const agent = agents[i % agents.length];
      const socket = io(`${url}/hub`, {
        auth: { token: tokens[i % tokens.length] },
        forceNew: true,
        reconnection: false,
        agent,
        localAddress: agent.options.localAddress,
      });
      sockets[i] = socket;
      socket.on('PlatformStatus', () => receive(i));
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => reject(new Error(`client ${i}: ${error.message}`)));
    });
  const close = () => sockets.forEach((s) => s?.disconnect());
  for (let i = 0; i < count; i += batch) {
    let timer;
    const stuck = new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new BenchAbort(`hub clients ${i}..${i + batch - 1} did not connect within 30 s`)),
        30000,
      );
    });
    try {
      await Promise.race([
        Promise.all(Array.from({ length: Math.min(batch, count - i) }, (_, k) => connectOne(i + k))),
        stuck,
      ]);
    } catch (error) {
      close();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
  const upgraded = () => sockets.every((s) => s.io.engine?.transport?.name === 'websocket');
  const deadline = Date.now() + 20000;
  while (!upgraded() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const polling = sockets.filter((s) => s.io.engine?.transport?.name !== 'websocket').length;
  const dropped = sockets.filter((s) => !s.connected).length;
  if (dropped) {
    close();
    throw new BenchAbort(`${dropped} of ${count} hub clients disconnected after connecting`);
  }
  return { sockets, polling, close };
}

/**
 * Fan-out rounds over one set of clients: `round(publish)` starts the clock, calls `publish()` and
 * resolves to each client's receipt time (ms since the start) once all have one, or rejects after
 * `timeoutMs` naming how many never did. `publish` may resolve to its own duration (kept in `publishMs`).
 */
export function fanOut(count, { timeoutMs = 15000 } = {}) {
  let current = null;
  const state = {
    publishMs: [],
    slowest: [],
    receive(i) {
      if (!current || current.seen[i]) return;
      current.seen[i] = 1;
      current.times.push(performance.now() - current.t0);
      if (current.times.length === count) current.done();
    },
    async round(publish) {
      let done;
      const all = new Promise((resolve) => (done = resolve));
      current = { t0: 0, seen: new Uint8Array(count), times: [], done };
      let timer;
      const timeout = new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`${count - current.times.length} of ${count} clients got no event`)),
          timeoutMs,
        );
      });
      current.t0 = performance.now();
      try {
        const [, publishMs] = await Promise.race([Promise.all([all, publish()]), timeout]);
        if (typeof publishMs === 'number') state.publishMs.push(publishMs);
      } finally {
        clearTimeout(timer);
      }
      const { times } = current;
      current = null;
      state.slowest.push(Math.max(...times));
      return times;
    },
  };
  return state;
}
