// The load bench's baselines, each run as its own process like an api process:
//   node bare-server.mjs api   node:http + pg: GET /projects?user=<id> runs the customer's project list
//                              (the same two statements as ProjectsService.list, pool of 20 like the API's)
//   node bare-server.mjs hub   socket.io on /hub with its default in-memory adapter; POST /publish
//                              broadcasts one PlatformStatus to every socket
// PORT and HOST say where to listen, DATABASE_URL which database (api); prints "listening" once ready.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from '../lib.mjs';

const apiRequire = createRequire(join(root, 'apps/api/package.json'));
const mode = process.argv[2];
const port = Number(process.env.PORT);
const host = process.env.HOST ?? '127.0.0.1';

// ProjectsService.list's statements for page 1 with an empty search, unchanged.
const LIST = `SELECT p.id, p.user_id, p.property_name, p.status, p.images_completed, p.total_images,
  p.credits_spent, p.new_images_available, p.created_at, p.updated_at,
  (SELECT count(*)::int FROM project_images i WHERE i.project_id = p.id) AS images_uploaded,
  (SELECT i.thumbnail_key FROM project_images i WHERE i.project_id = p.id ORDER BY i.created_at, i.id LIMIT 1) AS cover_key
  FROM projects p
  WHERE p.user_id = $1 AND p.property_name ILIKE $2
  ORDER BY p.created_at DESC, p.id DESC LIMIT $3 OFFSET $4`;
const COUNT = `SELECT count(*)::int AS total FROM projects WHERE user_id = $1 AND property_name ILIKE $2`;
const PAGE_SIZE = 12;

function answer(res, status, body) {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

let server;
if (mode === 'api') {
  const { Pool } = apiRequire('pg');
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
  pool.on('error', () => {});
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://bare');
    const user = url.searchParams.get('user');
    if (req.method !== 'GET' || url.pathname !== '/projects' || !user) return answer(res, 404, {});
    Promise.all([pool.query(LIST, [user, '%%', PAGE_SIZE, 0]), pool.query(COUNT, [user, '%%'])]).then(
      ([rows, counted]) =>
        answer(res, 200, { items: rows.rows, total: counted.rows[0].total, page: 1, pageSize: PAGE_SIZE }),
      (error) => answer(res, 500, { message: String(error?.message ?? error) }),
    );
  });
  process.on('SIGTERM', () => server.close(() => pool.end().finally(() => process.exit(0))));
} else if (mode === 'hub') {
  const { Server } = apiRequire('socket.io');
  let flag = false;
  server = createServer((req, res) => {
    // socket.io answers its own path; everything else reaches this listener.
    if (req.url?.startsWith('/socket.io/')) return;
    if (req.method !== 'POST' || req.url !== '/publish') return answer(res, 404, {});
    flag = !flag;
    hub.emit('PlatformStatus', { isHighDemandFree: flag, isHighDemandAuto: false, isMaintenanceMode: false });
    answer(res, 204);
  });
  const io = new Server(server);
  const hub = io.of('/hub');
  // Like the product, a socket without a token is refused at the handshake.
  hub.use((socket, next) => (socket.handshake.auth?.token ? next() : next(new Error('UNAUTHENTICATED'))));
  process.on('SIGTERM', () => {
    io.close();
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 2000).unref();
  });
} else {
  console.error('usage: bare-server.mjs api|hub');
  process.exit(2);
}
server.listen(port, host, () => console.log(`listening on ${host}:${port}`));
