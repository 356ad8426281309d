import { randomUUID } from 'node:crypto';
import { METHODS } from 'node:http';
import { ModulesContainer } from '@nestjs/core';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import type { Role } from '@estancia/contracts';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../../test/harness';
import { IS_PUBLIC, ROLES_KEY } from './access';

interface ExpressLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** `METHOD /data/admin/...` of every handler Express really serves (routes for every method are middleware). */
function mountedAdminRoutes(t: TestApp): string[] {
  const express = t.app.getHttpAdapter().getInstance() as { router: { stack: ExpressLayer[] } };
  return express.router.stack.flatMap(({ route }) =>
    route && route.path.startsWith('/data/admin') && !METHODS.every((m) => route.methods[m.toLowerCase()])
      ? Object.keys(route.methods)
          .filter((method) => route.methods[method])
          .map((method) => `${method.toUpperCase()} ${route.path}`)
      : [],
  );
}

const join = (...parts: string[]) =>
  `/${parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/')}`;

/** Who each handler admits, from its access marks (`@Public`, `@AdminOnly`, `@StaffOnly`), by `METHOD /data/...`. */
function declaredAccess(t: TestApp): Map<string, 'public' | Role[] | 'signed-in'> {
  const access = new Map<string, 'public' | Role[] | 'signed-in'>();
  for (const module of t.app.get(ModulesContainer).values())
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!type) continue;
      const prefixes = [Reflect.getMetadata(PATH_METADATA, type) as string | string[]].flat();
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const handler = (type.prototype as Record<string, unknown>)[name];
        if (typeof handler !== 'function' || name === 'constructor') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        const paths = [Reflect.getMetadata(PATH_METADATA, handler) as string | string[]].flat();
        const isPublic = Reflect.getMetadata(IS_PUBLIC, handler) ?? Reflect.getMetadata(IS_PUBLIC, type);
        const roles = (Reflect.getMetadata(ROLES_KEY, handler) ?? Reflect.getMetadata(ROLES_KEY, type)) as
          Role[] | undefined;
        for (const prefix of prefixes)
          for (const path of paths)
            access.set(
              `${RequestMethod[method]} ${join('data', prefix ?? '', path ?? '')}`,
              isPublic ? 'public' : (roles ?? 'signed-in'),
            );
      }
    }
  return access;
}

/**
 * The staff console's API refuses customers on every route, and decorators on every route that is not part of
 * review work, enumerated from the routes Express serves: a new admin route is checked the day it is added, and a
 * route without an access mark fails here.
 */
describe('every /data/admin route refuses whoever may not use it', () => {
  let t: TestApp;
  let customer: SignedIn;
  let decorator: SignedIn;
  let routes: string[];
  let access: Map<string, 'public' | Role[] | 'signed-in'>;

  beforeAll(async () => {
    t = await startTestApp();
    [customer, decorator] = await Promise.all([signIn(t, 'customer'), signIn(t, 'decorator')]);
    routes = mountedAdminRoutes(t);
    access = declaredAccess(t);
  });
  afterAll(() => t?.close());

  const call = (route: string, who: SignedIn) => {
    const [method, path] = route.split(' ') as [string, string];
    const url = `${t.url}${path.replace(/:\w+/g, randomUUID())}`;
    return fetch(url, {
      method,
      headers: { ...who.headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: method === 'GET' || method === 'HEAD' ? undefined : '{}',
    });
  };

  it('finds the console routes and a mark on each (only the staff sign-in is public)', () => {
    expect(routes.length).toBeGreaterThan(60);
    const unmarked = routes.filter(
      (route) => access.get(route) === undefined || access.get(route) === 'signed-in',
    );
    expect(unmarked).toEqual([]);
    expect(routes.filter((route) => access.get(route) === 'public')).toEqual(['POST /data/admin/session']);
  });

  it('answers STAFF_ONLY to a customer on every route', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      if (access.get(route) === 'public') continue;
      const res = await call(route, customer);
      const body = (await res.json().catch(() => ({}))) as { code?: string };
      if (res.status !== 403 || body.code !== 'STAFF_ONLY')
        wrong.push(`${route} → ${res.status} ${body.code}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers FORBIDDEN to a decorator on every admin-only route, and lets them reach the review routes', async () => {
    const wrong: string[] = [];
    const admitted: string[] = [];
    for (const route of routes) {
      const roles = access.get(route);
      if (roles === 'public') continue;
      const res = await call(route, decorator);
      const body = (await res.json().catch(() => ({}))) as { code?: string };
      if (Array.isArray(roles) && roles.includes('decorator')) {
        admitted.push(route);
        if (res.status === 403 && (body.code === 'FORBIDDEN' || body.code === 'STAFF_ONLY'))
          wrong.push(`${route} refused a decorator`);
      } else if (res.status !== 403 || body.code !== 'FORBIDDEN')
        wrong.push(`${route} → ${res.status} ${body.code}`);
    }
    expect(wrong).toEqual([]);
    // Review work only: the queue, its pages and editor, and the holiday calendar (read).
    expect(
      admitted.filter(
        (route) => !/^\w+ \/data\/admin\/(reviews|holidays|platform|review-dashboard)(\/|$)/.test(route),
      ),
    ).toEqual([]);
  });
});
