import { Controller, Delete, Get, HttpCode, Post, type Type } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { z } from 'zod';
import { ErrorCode, projectSummarySchema, WEBHOOK_EVENTS } from '@estancia/contracts';
import { ApiKeyGuard } from '../api-key.guard';
import { IntegratorApi } from '../integrator-api';
import { ApiDoc } from './api-doc';
import { ApiRouteCatalogue } from './api-routes';
import { buildOpenApiDocument } from './openapi-document';
import type { JsonObject } from './schema-components';
import { validateOpenApi } from './test-openapi-validator';

// Fixture controllers: the real decorators, mounted in a real Nest module.
const noteSchema = z.object({ text: z.string().min(1), pinned: z.boolean().default(false) });
const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  search: z.string().optional().describe('Matches the property name.'),
});

@IntegratorApi('fixtures')
class DocumentedController {
  @Post(':id/notes')
  @ApiDoc({
    tag: 'Projects',
    operationId: 'addNote',
    summary: 'Add a note',
    body: noteSchema,
    response: projectSummarySchema,
    errors: [ErrorCode.NOT_FOUND, ErrorCode.PROJECT_EXISTS],
  })
  add() {}

  @Get()
  @ApiDoc({
    tag: 'Projects',
    operationId: 'listFixtures',
    summary: 'List',
    query: listQuerySchema,
    response: z.object({ items: z.array(projectSummarySchema), notes: z.array(noteSchema) }),
  })
  list() {}

  @Post(':id/photos')
  @HttpCode(202)
  @ApiDoc({
    tag: 'Images',
    operationId: 'uploadFixtures',
    summary: 'Upload',
    multipart: { field: 'files', maxFiles: 3 },
  })
  upload() {}

  @Get(':id/photos/:photoId/download')
  @ApiDoc({
    tag: 'Images',
    operationId: 'downloadFixture',
    summary: 'Download',
    binary: ['image/jpeg', 'image/png'],
  })
  download() {}

  @Delete(':id')
  @HttpCode(204)
  @ApiDoc({ tag: 'Projects', operationId: 'deleteFixture', summary: 'Delete', errors: [ErrorCode.NOT_FOUND] })
  remove() {}
}

@IntegratorApi('protocol')
@ApiDoc({ excludeFromDocs: true, reason: 'speaks its own protocol' })
class ExcludedController {
  @Post()
  handle() {}
}

@IntegratorApi('forgotten')
class UndocumentedController {
  @Get()
  @ApiDoc({ tag: 'Wallet', operationId: 'fine', summary: 'Documented' })
  fine() {}

  @Get('missing')
  missing() {}
}

/** A session route of the app: not part of the public API, so not in its document. */
@Controller('app-only')
class AppController {
  @Get()
  read() {}
}

async function catalogue(...controllers: Type[]) {
  const module = await Test.createTestingModule({
    imports: [DiscoveryModule],
    controllers,
    providers: [ApiRouteCatalogue],
  })
    // The key check is not what is under test here (and needs the database).
    .overrideGuard(ApiKeyGuard)
    .useValue({ canActivate: () => true })
    .compile();
  return module.get(ApiRouteCatalogue);
}

const settings = { rateLimit: 120, rateLimitWindowSeconds: 60 };

describe('OpenAPI generation', () => {
  let document: JsonObject;
  let paths: Record<string, Record<string, JsonObject>>;
  let schemas: Record<string, JsonObject>;

  beforeAll(async () => {
    const routes = (await catalogue(DocumentedController, ExcludedController, AppController)).collect();
    expect(routes.excluded).toEqual([
      {
        method: 'post',
        route: '/api/v1/protocol',
        handler: 'ExcludedController.handle',
        reason: 'speaks its own protocol',
      },
    ]);
    document = buildOpenApiDocument(routes.documented, settings);
    paths = document.paths as typeof paths;
    schemas = (document.components as { schemas: typeof schemas }).schemas;
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await validateOpenApi(document);
    expect(result.errors).toBeUndefined();
    expect(result).toMatchObject({ valid: true, version: '3.1' });
    // ...and the validator does refuse a broken one.
    expect(await validateOpenApi({ ...document, info: { version: '1' } })).toMatchObject({ valid: false });
  }, 30_000); // two node processes load the validator

  it('lists the API-key routes under their full path with path parameters, and nothing else', () => {
    expect(Object.keys(paths).sort()).toEqual([
      '/api/v1/fixtures',
      '/api/v1/fixtures/{id}',
      '/api/v1/fixtures/{id}/notes',
      '/api/v1/fixtures/{id}/photos',
      '/api/v1/fixtures/{id}/photos/{photoId}/download',
    ]);
    const download = paths['/api/v1/fixtures/{id}/photos/{photoId}/download']!.get!;
    expect(download.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'photoId', in: 'path', required: true, schema: { type: 'string' } },
    ]);
    expect(download.responses).toMatchObject({
      200: { content: { 'image/jpeg': { schema: { type: 'string', contentMediaType: 'image/jpeg' } } } },
    });
  });

  it('offers Idempotency-Key on every POST and only there', () => {
    const idempotencyKey = { $ref: '#/components/parameters/IdempotencyKey' };
    const add = paths['/api/v1/fixtures/{id}/notes']!.post!;
    expect(add.parameters).toContainEqual(idempotencyKey);
    expect(paths['/api/v1/fixtures/{id}/photos']!.post!.parameters).toContainEqual(idempotencyKey);
    expect(paths['/api/v1/fixtures']!.get!.parameters).not.toContainEqual(idempotencyKey);
    // Nest answers a POST with 201 unless told otherwise; a replay says so in a header.
    expect((add.responses as JsonObject)[201]).toMatchObject({
      headers: { 'Idempotent-Replayed': { $ref: '#/components/headers/IdempotentReplayed' } },
    });
    expect(add.responses).toHaveProperty(
      ['422', 'description'],
      expect.stringContaining('IDEMPOTENCY_KEY_REUSED'),
    );
    expect(add.responses).toHaveProperty(
      ['409', 'description'],
      expect.stringContaining('IDEMPOTENCY_KEY_IN_USE'),
    );
  });

  it('documents the key, access and rate-limit errors on every operation, and each listed code', () => {
    for (const item of Object.values(paths)) {
      for (const operation of Object.values(item)) {
        const responses = operation.responses as Record<string, JsonObject>;
        expect(responses[401]!.description).toContain('API_KEY_INVALID');
        expect(responses[403]!.description).toContain('API_ACCESS_REQUIRED');
        expect(responses[429]!.description).toContain('RATE_LIMITED');
        expect(responses[429]!.headers).toEqual({
          'Retry-After': { $ref: '#/components/headers/RetryAfter' },
        });
        expect(operation.security).toBeUndefined(); // the document-wide bearer key applies
      }
    }
    const conflict = (
      paths['/api/v1/fixtures/{id}/notes']!.post!.responses as Record<string, JsonObject>
    )[409]!;
    expect(conflict.description).toContain('PROJECT_EXISTS');
    expect(conflict.content).toEqual({
      'application/json': {
        schema: {
          allOf: [
            { $ref: '#/components/schemas/ApiError' },
            { properties: { code: { enum: ['IDEMPOTENCY_KEY_IN_USE', 'PROJECT_EXISTS'] } } },
          ],
        },
      },
    });
    expect(paths['/api/v1/fixtures/{id}']!.delete!.responses).toHaveProperty(
      ['404', 'description'],
      expect.stringContaining('NOT_FOUND'),
    );
    expect(document.security).toEqual([{ apiKey: [] }]);
    expect(document.components).toMatchObject({
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer' } },
    });
  });

  it('converts bodies on their input side and answers on their output side, sharing contract schemas', () => {
    const add = paths['/api/v1/fixtures/{id}/notes']!.post!;
    const bodyRef = (add.requestBody as { content: Record<string, { schema: { $ref: string } }> }).content[
      'application/json'
    ]!.schema.$ref;
    const body = schemas[bodyRef.split('/').pop()!]!;
    // `pinned` has a default: optional when sent, always present when answered.
    expect(body.required).toEqual(['text']);
    const answer = schemas.ListFixturesResponse!;
    const noteInAnswer = (answer.properties as Record<string, { items: { $ref: string } }>).notes!.items.$ref;
    expect(noteInAnswer).not.toBe(bodyRef);
    expect(schemas[noteInAnswer.split('/').pop()!]!.required).toEqual(['text', 'pinned']);
    // A contract schema is one named component, referenced wherever it is used.
    expect((answer.properties as JsonObject).items).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/ProjectSummary' },
    });
    expect((add.responses as JsonObject)[201]).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ProjectSummary' } } },
    });
    expect(schemas.ProjectSummary).toMatchObject({ type: 'object' });
    // Only the schemas the document reaches are kept.
    expect(schemas).not.toHaveProperty('CreateApiKeyRequest');
  });

  it('turns the query schema into query parameters', () => {
    expect(paths['/api/v1/fixtures']!.get!.parameters).toEqual([
      {
        name: 'page',
        in: 'query',
        required: false,
        schema: expect.objectContaining({ type: 'integer', minimum: 1, default: 1 }),
      },
      {
        name: 'search',
        in: 'query',
        required: false,
        description: 'Matches the property name.',
        schema: { type: 'string' },
      },
    ]);
  });

  it('documents the 500 and 503 of every operation, and maintenance on writes only', () => {
    const errorShape = (codes: string[]) => ({
      'application/json': {
        schema: {
          allOf: [{ $ref: '#/components/schemas/ApiError' }, { properties: { code: { enum: codes } } }],
        },
      },
    });
    for (const [path, item] of Object.entries(paths))
      for (const [method, operation] of Object.entries(item)) {
        const responses = operation.responses as Record<string, JsonObject>;
        expect({ at: `${method} ${path}`, content: responses[500]?.content }).toEqual({
          at: `${method} ${path}`,
          content: errorShape(['INTERNAL']),
        });
        const unavailable =
          method === 'get' ? ['SERVICE_UNAVAILABLE'] : ['SERVICE_UNAVAILABLE', 'MAINTENANCE_MODE'];
        expect({ at: `${method} ${path}`, content: responses[503]?.content }).toEqual({
          at: `${method} ${path}`,
          content: errorShape(unavailable),
        });
      }
  });

  it('documents each media type of a binary answer', () => {
    const download = paths['/api/v1/fixtures/{id}/photos/{photoId}/download']!.get!;
    expect((download.responses as Record<string, JsonObject>)[200]!.content).toEqual({
      'image/jpeg': { schema: { type: 'string', contentMediaType: 'image/jpeg' } },
      'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } },
    });
  });

  it('describes uploads as multipart files and answers without a body', () => {
    const upload = paths['/api/v1/fixtures/{id}/photos']!.post!;
    expect(upload.requestBody).toMatchObject({
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['files'],
            properties: {
              files: { type: 'array', maxItems: 3, items: { type: 'string', format: 'binary' } },
            },
          },
        },
      },
    });
    const accepted = (upload.responses as Record<string, JsonObject>)[202]!;
    expect(accepted.content).toBeUndefined();
    expect(
      (paths['/api/v1/fixtures/{id}']!.delete!.responses as Record<string, JsonObject>)[204]!.content,
    ).toBeUndefined();
  });

  it('documents one signed webhook per event', () => {
    const webhooks = document.webhooks as Record<string, { post: JsonObject }>;
    expect(Object.keys(webhooks)).toEqual([...WEBHOOK_EVENTS]);
    const ready = webhooks['decoration.ready']!.post;
    expect(ready.parameters).toContainEqual(
      expect.objectContaining({ name: 'Estancia-Signature', in: 'header', required: true }),
    );
    expect(ready.requestBody).toMatchObject({
      content: {
        'application/json': {
          schema: {
            allOf: [
              { $ref: '#/components/schemas/WebhookPayload' },
              { properties: { type: { const: 'decoration.ready' } } },
            ],
          },
        },
      },
    });
    expect(schemas.WebhookPayload).toMatchObject({ required: ['id', 'type', 'createdAt', 'data'] });
  });

  it('tells the rate limit of the configuration', () => {
    expect((document.info as JsonObject).description).toContain('120 requests every 60 seconds');
  });

  it('refuses an answer that has no JSON Schema form', () => {
    const route = {
      method: 'get' as const,
      route: '/api/v1/clock',
      handler: 'ClockController.read',
      path: '/api/v1/clock',
      pathParams: [],
      status: 200,
      spec: {
        tag: 'Wallet',
        operationId: 'readClock',
        summary: 'Read',
        response: z.object({ at: z.date() }),
      },
    };
    expect(() => buildOpenApiDocument([route], settings)).toThrow(
      /output of "ReadClockResponse" has no JSON Schema form/,
    );
  });

  it('refuses a route of the public API without @ApiDoc', async () => {
    const routes = await catalogue(DocumentedController, UndocumentedController);
    expect(() => routes.collect()).toThrow(
      /without @ApiDoc.*GET \/api\/v1\/forgotten\/missing \(UndocumentedController\.missing\)/,
    );
  });
});
