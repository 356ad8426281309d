import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Locale } from '@estancia/contracts';

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

/** The name of Swagger UI's server picker, which has none (axe: select-name). */
const SERVER_LABEL: Record<Locale, string> = { es: 'Servidor', ca: 'Servidor', en: 'Server' };

/** The page in the caller's language: the document it loads is that language's (`?lang=`). */
export const docsPage = (locale: Locale): string => `<!doctype html>
<html lang="${locale}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Estancia API</title>
    <link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css" />
    <link rel="stylesheet" href="${DOCS_PATH}/docs.css" />
    <link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-32x32.png" sizes="32x32" />
    <link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-16x16.png" sizes="16x16" />
  </head>
  <body>
    <main id="swagger-ui" data-openapi-url="${OPENAPI_PATH}?lang=${locale}" data-server-label="${SERVER_LABEL[locale]}"></main>
    <script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${DOCS_PATH}/docs.js"></script>
  </body>
</html>
`;

// A file, not an inline script: the Content-Security-Policy allows only the server's own scripts.
const DOCS_SCRIPT = `(function () {
  var pendingKey = null;
  var ready = false;
  var root = document.getElementById('swagger-ui');
  // An operation's summary is one button: the link Swagger UI nests in it (deep linking) becomes plain text,
  // the URL still follows the open operation.
  function noLinksInsideButtons(system) {
    return {
      wrapComponents: {
        DeepLink: function (Original) {
          return function (props) {
            if (String(props.path).indexOf('/') === -1) return system.React.createElement(Original, props);
            return system.React.createElement('span', null, props.text);
          };
        },
      },
    };
  }
  // Swagger UI's server picker has no name of its own.
  var serverLabel = root.getAttribute('data-server-label');
  new MutationObserver(function () {
    var servers = document.getElementById('servers');
    if (servers && servers.getAttribute('aria-label') !== serverLabel) servers.setAttribute('aria-label', serverLabel);
  }).observe(root, { childList: true, subtree: true });
  var ui = SwaggerUIBundle({
    url: root.getAttribute('data-openapi-url') || ${JSON.stringify(OPENAPI_PATH)},
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    plugins: [noLinksInsideButtons],
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

/**
 * Overrides of Swagger UI's own colours where they fail WCAG AA contrast (axe): each method keeps its hue,
 * darkened until white text on it (and it as text on white) reaches 4.5:1.
 */
const METHOD_COLOURS: Record<string, string> = {
  get: '#0b5cad',
  post: '#146c43',
  put: '#8a4b00',
  delete: '#b3261e',
  patch: '#0f6b62',
  head: '#6b3fa0',
  options: '#0d5c8c',
};
const DOCS_STYLE = [
  ...Object.entries(METHOD_COLOURS).map(
    ([method, colour]) =>
      `.swagger-ui .opblock.opblock-${method} .opblock-summary-method { background: ${colour}; }\n` +
      `.swagger-ui .opblock.opblock-${method} .tab-header .tab-item.active h4 span::after { background: ${colour}; }`,
  ),
  '.swagger-ui .info .title small { background: #595959; }',
  '.swagger-ui .info .title small.version-stamp { background: #3d5c00; }',
  '.swagger-ui .info .title small pre { color: #fff; }',
  '.swagger-ui .info a, .swagger-ui .info .url, .swagger-ui a.nostyle, .swagger-ui .link { color: #1d5fa8; }',
  '.swagger-ui .btn.authorize { color: #146c43; border-color: #146c43; }',
  '.swagger-ui .btn.authorize svg { fill: #146c43; }',
  '.swagger-ui .opblock-tag small, .swagger-ui .opblock .opblock-summary-description { color: #333; }',
  '.swagger-ui .opblock .opblock-summary-operation-id, .swagger-ui .opblock .opblock-summary-path__deprecated { color: #333; }',
  '.swagger-ui .parameter__in, .swagger-ui .parameter__type, .swagger-ui .prop-format { color: #595959; }',
  '.swagger-ui .parameter__name.required span, .swagger-ui .parameter__name.required::after { color: #b3261e; }',
  '.swagger-ui .response-col_links, .swagger-ui .response-control-media-type__accept-message { color: #146c43; }',
  '.swagger-ui .model-title, .swagger-ui .model .property.primitive, .swagger-ui .model-hint { color: #333; }',
  '.swagger-ui .model-box-control:focus, .swagger-ui .opblock-summary-control:focus { outline: 2px solid #0b5cad; }',
  '.swagger-ui .tab li, .swagger-ui .opblock-section-header h4, .swagger-ui table thead tr th { color: #333; }',
  '.swagger-ui .renderedMarkdown code, .swagger-ui .markdown code { color: #6b1d6b; }',
  '.swagger-ui .json-schema-2020-12-expand-deep-button { color: #4a4a4a; }',
  '.swagger-ui .json-schema-2020-12__attribute, .swagger-ui .json-schema-2020-12-keyword__value--secondary { color: #4a4a4a; }',
  '.swagger-ui .json-schema-2020-12-keyword__name--secondary, .swagger-ui .json-schema-2020-12__constraint { color: #4a4a4a; }',
  '',
].join('\n');

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
    else if (name === 'docs.css') asset = { type: 'text/css; charset=utf-8', body: Buffer.from(DOCS_STYLE) };
    else if (Object.hasOwn(DIST_FILES, name))
      asset = { type: DIST_FILES[name]!, body: readFileSync(join(DIST, name)) };
    else return undefined;
    if (/\.(js|css)$/.test(name)) asset.gzip = gzipSync(asset.body);
    this.loaded.set(name, asset);
    return asset;
  }
}
