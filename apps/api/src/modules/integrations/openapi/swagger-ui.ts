import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Where the interactive documentation and its files are served (all local: no CDN). */
export const DOCS_PATH = '/api/docs';
export const OPENAPI_PATH = '/api/openapi.json';
/** What the customer app posts into the framed docs to try calls with a key: `{ type, key }`. */
export const DOCS_KEY_MESSAGE = 'estancia:api-key';

const DIST = dirname(require.resolve('swagger-ui-dist/package.json'));

/** The files of swagger-ui-dist the page loads (and their source maps, for the browser's tools). */
const DIST_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui.css.map': 'application/json',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-bundle.js.map': 'application/json',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

export const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Estancia API</title>
    <link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css" />
    <link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-32x32.png" sizes="32x32" />
    <link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-16x16.png" sizes="16x16" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${DOCS_PATH}/docs.js"></script>
  </body>
</html>
`;

// A file, not an inline script: the Content-Security-Policy allows only the server's own scripts.
const DOCS_SCRIPT = `(function () {
  var pendingKey = null;
  var ready = false;
  var ui = SwaggerUIBundle({
    url: ${JSON.stringify(OPENAPI_PATH)},
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    validatorUrl: null,
    displayRequestDuration: true,
    onComplete: function () {
      ready = true;
      if (pendingKey) ui.preauthorizeApiKey('apiKey', pendingKey);
    },
  });
  window.ui = ui;
  // The customer app frames this page and may hand it the key the user just created, to try calls with it.
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.origin !== window.location.origin || !data || data.type !== ${JSON.stringify(DOCS_KEY_MESSAGE)}) return;
    if (typeof data.key !== 'string') return;
    pendingKey = data.key;
    if (ready) ui.preauthorizeApiKey('apiKey', pendingKey);
  });
})();
`;

export interface DocsAsset {
  type: string;
  body: Buffer;
  /** The same body gzipped, for text files (the bundle shrinks from 1.7 MB to about 0.5 MB). */
  gzip?: Buffer;
}

/** The page's files, read and compressed once on first use. */
export class SwaggerUiAssets {
  private readonly loaded = new Map<string, DocsAsset>();

  get(name: string): DocsAsset | undefined {
    const cached = this.loaded.get(name);
    if (cached) return cached;
    let asset: DocsAsset;
    if (name === 'docs.js')
      asset = { type: 'text/javascript; charset=utf-8', body: Buffer.from(DOCS_SCRIPT) };
    else if (Object.hasOwn(DIST_FILES, name))
      asset = { type: DIST_FILES[name]!, body: readFileSync(join(DIST, name)) };
    else return undefined;
    if (/\.(js|css)$/.test(name)) asset.gzip = gzipSync(asset.body);
    this.loaded.set(name, asset);
    return asset;
  }
}
