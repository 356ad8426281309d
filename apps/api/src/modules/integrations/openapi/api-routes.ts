import { Injectable, RequestMethod } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { API_KEY_ROUTE } from '../../../infra/http/access';
import { API_DOC, isApiDocExclusion, type ApiDocExclusion, type ApiDocSpec } from './api-doc';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';

const METHODS: Partial<Record<RequestMethod, HttpMethod>> = {
  [RequestMethod.GET]: 'get',
  [RequestMethod.POST]: 'post',
  [RequestMethod.PUT]: 'put',
  [RequestMethod.PATCH]: 'patch',
  [RequestMethod.DELETE]: 'delete',
  [RequestMethod.HEAD]: 'head',
  [RequestMethod.OPTIONS]: 'options',
};

interface RouteBase {
  method: HttpMethod;
  /** As Nest serves it, e.g. `/api/v1/projects/:id`. */
  route: string;
  /** `Controller.handler`, for messages. */
  handler: string;
}

export interface DocumentedRoute extends RouteBase {
  /** OpenAPI form, e.g. `/api/v1/projects/{id}`. */
  path: string;
  pathParams: string[];
  spec: ApiDocSpec;
  /** The success status Nest answers with (`@HttpCode`, else 201 for POST and 200 otherwise). */
  status: number;
}

export interface ExcludedRoute extends Omit<RouteBase, 'method'> {
  method: HttpMethod | 'all';
  reason: string;
}

export interface ApiRoutes {
  documented: DocumentedRoute[];
  excluded: ExcludedRoute[];
}

const asList = (value: string | string[] | undefined): string[] =>
  value === undefined ? [''] : Array.isArray(value) ? value : [value];

const joinPath = (...parts: string[]) =>
  '/' +
  parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/');

/**
 * The public API as Nest mounts it: every handler of a controller (or handler) marked API_KEY_ROUTE, with its
 * method, path and @ApiDoc. A handler with neither a spec nor an exclusion stops the generation, so no route
 * of the public API goes undocumented.
 */
@Injectable()
export class ApiRouteCatalogue {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  collect(): ApiRoutes {
    const routes: ApiRoutes = { documented: [], excluded: [] };
    const undocumented: string[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller?.prototype) continue;
      const prototype = controller.prototype as Record<string, (...args: unknown[]) => unknown>;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name];
        const requestMethod = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (requestMethod === undefined) continue;
        if (!this.reflector.getAllAndOverride<boolean | undefined>(API_KEY_ROUTE, [handler, controller]))
          continue;
        const doc = this.reflector.getAllAndOverride<ApiDocSpec | ApiDocExclusion | undefined>(API_DOC, [
          handler,
          controller,
        ]);
        const where = `${controller.name}.${name}`;
        for (const base of asList(Reflect.getMetadata(PATH_METADATA, controller) as string | string[])) {
          for (const own of asList(Reflect.getMetadata(PATH_METADATA, handler) as string | string[])) {
            const route = joinPath(base, own);
            const method = METHODS[requestMethod];
            if (doc && isApiDocExclusion(doc)) {
              routes.excluded.push({
                method: method ?? (RequestMethod[requestMethod].toLowerCase() as HttpMethod | 'all'),
                route,
                handler: where,
                reason: doc.reason,
              });
              continue;
            }
            const label = `${RequestMethod[requestMethod]} ${route} (${where})`;
            // A spec on the class is only for exclusions: each route needs its own operation.
            if (!doc || !this.reflector.get(API_DOC, handler)) {
              undocumented.push(label);
              continue;
            }
            if (!method) throw new Error(`OpenAPI: ${label} answers every method; give it one.`);
            if (/[*{}()?+]/.test(route))
              throw new Error(`OpenAPI: ${label} has a pattern path; give it plain segments.`);
            const code = Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined;
            const status = code ?? (method === 'post' ? 201 : 200);
            if (doc.status !== undefined && code !== undefined && doc.status !== code)
              throw new Error(`OpenAPI: ${label} answers ${code} but its @ApiDoc says ${doc.status}.`);
            routes.documented.push({
              method,
              route,
              handler: where,
              path: route.replace(/:(\w+)/g, '{$1}'),
              pathParams: [...route.matchAll(/:(\w+)/g)].map((match) => match[1]!),
              spec: doc,
              status: doc.status ?? status,
            });
          }
        }
      }
    }
    if (undocumented.length)
      throw new Error(
        `OpenAPI: routes of the public API without @ApiDoc (document them, or mark them ` +
          `@ApiDoc({ excludeFromDocs: true, reason })): ${undocumented.join(', ')}`,
      );
    return routes;
  }
}
