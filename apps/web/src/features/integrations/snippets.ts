import { INTEGRATION_HEADERS } from '@estancia/contracts';

/**
 * The copy-and-paste code of the page. Only identifiers and placeholders, no prose: what each step does is
 * told around it in the user's language. The base URL is the address the page was opened at.
 */

const { idempotencyKey } = INTEGRATION_HEADERS;

/** The example order: room type and style are values of the contracts' ROOM_TYPES and STYLES. */
const EXAMPLE_ITEM = { roomType: 'livingroom', style: 'modern', type: 'automatic' } as const;
const EXAMPLE_PROPERTY = 'Calle Mayor 12, 3B';
const EXAMPLE_PHOTO = 'https://example.com/photos/living-room.jpg';

export interface CurlStep {
  id: 'createProject' | 'importPhoto' | 'orderDecoration' | 'readDecoration';
  code: string;
}

export function curlSteps(origin: string): CurlStep[] {
  const api = `${origin}/api/v1`;
  const auth = '  -H "Authorization: Bearer $ESTANCIA_API_KEY"';
  const json = '  -H "Content-Type: application/json"';
  const once = `  -H "${idempotencyKey}: $(uuidgen)"`;
  return [
    {
      id: 'createProject',
      code: [
        `curl -X POST "${api}/projects" \\`,
        `${auth} \\`,
        `${json} \\`,
        `${once} \\`,
        `  -d '{"propertyName": "${EXAMPLE_PROPERTY}"}'`,
      ].join('\n'),
    },
    {
      id: 'importPhoto',
      code: [
        `curl -X POST "${api}/projects/$PROJECT_ID/images/from-url" \\`,
        `${auth} \\`,
        `${json} \\`,
        `${once} \\`,
        `  -d '{"url": "${EXAMPLE_PHOTO}"}'`,
      ].join('\n'),
    },
    {
      id: 'orderDecoration',
      code: [
        `curl -X POST "${api}/projects/$PROJECT_ID/decorations" \\`,
        `${auth} \\`,
        `${json} \\`,
        `${once} \\`,
        `  -d '{"items": [{"imageId": "'"$IMAGE_ID"'", "roomType": "${EXAMPLE_ITEM.roomType}", "style": "${EXAMPLE_ITEM.style}", "type": "${EXAMPLE_ITEM.type}"}]}'`,
      ].join('\n'),
    },
    {
      id: 'readDecoration',
      code: [`curl "${api}/decorations/$DECORATION_ID" \\`, auth].join('\n'),
    },
  ];
}

export function nodeScript(origin: string): string {
  return `import { randomUUID } from 'node:crypto';

const BASE_URL = '${origin}/api/v1';
const API_KEY = process.env.ESTANCIA_API_KEY;

async function call(method, path, body) {
  const response = await fetch(BASE_URL + path, {
    method,
    headers: {
      Authorization: \`Bearer \${API_KEY}\`,
      ...(body && { 'Content-Type': 'application/json', '${idempotencyKey}': randomUUID() }),
    },
    body: body && JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(\`\${response.status} \${answer.code}: \${answer.message}\`);
  return answer;
}

const project = await call('POST', '/projects', { propertyName: '${EXAMPLE_PROPERTY}' });
const { images: [image] } = await call('POST', \`/projects/\${project.id}/images/from-url\`, {
  url: '${EXAMPLE_PHOTO}',
});
const { decorations } = await call('POST', \`/projects/\${project.id}/decorations\`, {
  items: [{ imageId: image.id, roomType: '${EXAMPLE_ITEM.roomType}', style: '${EXAMPLE_ITEM.style}', type: '${EXAMPLE_ITEM.type}' }],
});

let decoration = decorations[0];
while (decoration.state === 'pending') {
  await new Promise((resolve) => setTimeout(resolve, 3000));
  decoration = await call('GET', \`/decorations/\${decoration.id}\`);
}
console.log(decoration.state, decoration.resultUrl);
`;
}

/** The documented check of a delivery's signature header (Node, standard library only). */
export const SIGNATURE_CHECK = `import { createHmac, timingSafeEqual } from 'node:crypto';

export function isFromEstancia(rawBody, header, secret) {
  const { t, v1 } = Object.fromEntries(header.split(',').map((part) => part.split('=')));
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest('hex');
  const recent = Math.abs(Date.now() / 1000 - Number(t)) < 300;
  return recent && v1?.length === expected.length && timingSafeEqual(Buffer.from(v1), Buffer.from(expected));
}
`;
