// The API's one contract: every route is declared beside its handler with get/post/put/del below
// (@hono/zod-openapi's createRoute underneath: summary, request schemas, a response schema per
// documented status), each saying only what differs from the others, and registered through
// ApiRoutes.endpoint, which validates the request with those same schemas in the API's error format.
// /api/openapi.json is generated from those registrations, so the document cannot drift from the
// routes. Schemas are rendered with zod's own z.toJSONSchema (zod-to-openapi, which the library
// uses, drops nested descriptions, turns coerced numbers into nullable ones and marks path
// parameters optional: the contract fuzz would then send requests the routes rightly refuse).
import { createRoute, OpenAPIHono, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import type { MiddlewareHandler, ValidationTargets } from 'hono';
import { z } from 'zod';
import { CLUSTER_HEADER } from '../constants.ts';
import type { AppEnv } from './context.ts';
import { validate } from './validate.ts';

/** The body of every 4xx and 5xx answer. */
export const errorBody = z.object({ message: z.string() });

/** A JSON answer of `schema`. */
function json<Schema extends z.ZodType>(schema: Schema, description = 'OK') {
  return { description, content: { 'application/json': { schema } } };
}

/** An answer that is not JSON (a page, a script, a file, an event stream), with its media type. */
export function media<Type extends string>(type: Type, description: string, schema: z.ZodType = z.string()) {
  return { description, content: { [type]: { schema } } as Record<Type, { schema: z.ZodType }> };
}

/** A documented response: its description and, unless it is empty, its content per media type. */
type Answer = { description: string; content?: Record<string, { schema: z.ZodType }> };

/** The documented failures of a route: a reason answered as `{ message }`, or a whole response (the player page's HTML 404). */
function errors<const Reasons extends Record<number, string | Answer>>(reasons: Reasons) {
  return Object.fromEntries(Object.entries(reasons).map(([status, reason]) => [status, typeof reason === 'string' ? json(errorBody, reason) : reason])) as {
    [Status in keyof Reasons]: Answer;
  };
}

/** The answer of a route that looks the reported transaction up on its cluster (api/verify.ts) when the cluster's RPC fails. */
export const CHAIN_LOOKUP = { 502: "the cluster's RPC could not be asked for the transaction" };

/** The answers of a route that records a write after verifying its transaction on the cluster. */
export const VERIFIED_WRITE = { 400: 'transaction does not match', 404: 'project or transaction not found', ...CHAIN_LOOKUP };

/** The answers of a route acting for a wallet without that wallet's session (auth/guard.ts). */
export const WALLET_SESSION = { 401: 'not signed in', 403: 'signed in as another wallet' };

type Request = { params?: z.ZodType; query?: z.ZodType; body?: { content: Record<string, { schema: unknown }> } };

type Method = 'get' | 'post' | 'put' | 'delete';
/** A route's params or query schema (an object, or an object piped through a refinement), or none. */
type Part = NonNullable<NonNullable<RouteConfig['request']>['params']> | undefined;

/** What a route declares besides its method, path and summary; only the parts it has. */
interface Declaration<Params extends Part, Query extends Part, Body extends z.ZodType | undefined> {
  /** Rules the schemas cannot state, for the document's reader. */
  description?: string;
  /** Run before the request is validated (a read cache, a body limit, the webhook's secret). */
  middleware?: readonly MiddlewareHandler<AppEnv>[];
  params?: Params;
  query?: Query;
  /** The JSON request body. */
  body?: Body;
  /** The success answer: a schema answered as JSON, or a whole response (media(), or `{ description }` when empty). */
  response: z.ZodType | Answer;
  /** The success status (200 unless said); a JSON answer with 201 is described 'created'. */
  status?: 200 | 201 | 204;
  /** The documented failures (errors()): VERIFIED_WRITE, CHAIN_LOOKUP, WALLET_SESSION and the route's own. */
  errors?: Record<number, string | Answer>;
}

/** The createRoute config a declaration stands for, typed by its request parts so handlers read them with c.req.valid. */
type Declared<M extends Method, Path extends string, Params extends Part, Query extends Part, Body extends z.ZodType | undefined> = Omit<
  RouteConfig,
  'method' | 'path' | 'request'
> & {
  method: M;
  path: Path;
  request: { params: Params; query: Query; body: Body extends z.ZodType ? { content: { 'application/json': { schema: Body } } } : undefined };
};

/**
 * A route declared by what differs between routes: createRoute with the request parts it has, its
 * success answer under its status, and its failures each with its reason.
 */
function declare<M extends Method, Path extends string, Params extends Part, Query extends Part, Body extends z.ZodType | undefined>(
  method: M,
  path: Path,
  summary: string,
  { description, middleware, params, query, body, response, status = 200, errors: failures = {} }: Declaration<Params, Query, Body>,
): Declared<M, Path, Params, Query, Body> {
  const request = {
    ...(params && { params }),
    ...(query && { query }),
    ...(body && { body: { content: { 'application/json': { schema: body } } } }),
  };
  const success = response instanceof z.ZodType ? json(response, status === 201 ? 'created' : 'OK') : response;
  const route = createRoute({
    method,
    path,
    summary,
    ...(description !== undefined && { description }),
    ...(middleware && { middleware: [...middleware] }),
    ...(Object.keys(request).length > 0 && { request }),
    responses: { [status]: success, ...errors(failures) },
  } as RouteConfig);
  return route as unknown as Declared<M, Path, Params, Query, Body>;
}

/** The declaration helper of one method: `get(path, summary, { params, query, response, errors })`, `post(path, summary, { body, response, status, errors })`. */
const declarer =
  <M extends Method>(method: M) =>
  <Path extends string, Params extends Part = undefined, Query extends Part = undefined, Body extends z.ZodType | undefined = undefined>(
    path: Path,
    summary: string,
    declaration: Declaration<Params, Query, Body>,
  ) =>
    declare(method, path, summary, declaration);

export const get = declarer('get');
export const post = declarer('post');
export const put = declarer('put');
export const del = declarer('delete');

/** A sub-app whose routes are declared with get/post/put/del; mounted with route(), its declarations join the parent's. */
export class ApiRoutes extends OpenAPIHono<AppEnv> {
  /**
   * Serves `route` with `handler`: its middleware, then its params, query and JSON body validated in
   * that order, except the parts named `answeredByHandler` (the player page answers a bad film id
   * with its HTML 404, not a JSON 400).
   */
  endpoint<R extends RouteConfig>(
    route: R,
    handler: (c: Parameters<RouteHandler<R, AppEnv>>[0]) => Response | Promise<Response>,
    answeredByHandler: Array<'params' | 'query'> = [],
  ): this {
    this.openAPIRegistry.registerPath(route);
    const request = (route.request ?? {}) as Request;
    const checks = [];
    if (request.params && !answeredByHandler.includes('params')) checks.push(validate('param', request.params));
    if (request.query && !answeredByHandler.includes('query')) checks.push(validate('query', request.query));
    const body = request.body?.content['application/json']?.schema;
    if (body instanceof z.ZodType) checks.push(validate('json' as keyof ValidationTargets, body));
    const middleware = route.middleware === undefined ? [] : Array.isArray(route.middleware) ? route.middleware : [route.middleware];
    const handlers = [...middleware, ...checks, handler] as MiddlewareHandler<AppEnv>[];
    this.on(route.method.toUpperCase(), [route.path.replace(/\{([^}]+)\}/g, ':$1')], ...(handlers as [MiddlewareHandler<AppEnv>]));
    return this;
  }
}

/** A zod schema as the document's JSON Schema: a request's ('input') with the API's rule on text written in. */
export function jsonSchema(schema: unknown, io: 'input' | 'output') {
  if (!(schema instanceof z.ZodType)) return schema;
  const generated = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return io === 'input' ? withoutNul(generated) : generated;
}

/** Text without U+0000 (validate.ts refuses it in any text of a request: PostgreSQL cannot store it). */
const NO_NUL = '^[^\\u0000]*$';

/**
 * The request schema with validate.ts's rule written in: every free text (a string without a
 * pattern, enum or constant of its own) and every key of an open object matches NO_NUL.
 */
function withoutNul<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withoutNul) as T;
  if (node === null || typeof node !== 'object') return node;
  const schema = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withoutNul(value)]));
  // A text with a pattern of its own (not blank, a URL) keeps it alone: a second pattern needs
  // allOf, which the fuzz's generator meets by filtering, too often (scripts/api-fuzz/schemathesis.toml).
  if (schema.type === 'string' && schema.pattern === undefined && schema.enum === undefined && schema.const === undefined) schema.pattern = NO_NUL;
  if (schema.type === 'object' && schema.additionalProperties !== false && schema.propertyNames === undefined) schema.propertyNames = { pattern: NO_NUL };
  return schema as T;
}

function parameters(where: 'path' | 'query', schema?: z.ZodType) {
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape).map(([name, field]) => ({
    name,
    in: where,
    required: where === 'path' || !(field as z.ZodType).safeParse(undefined).success,
    schema: jsonSchema(field, 'input'),
  }));
}

/**
 * Where a route reads its cluster: every route under /api's cluster middleware from the query and
 * the header; the player page and its ads from the query only; sign-in and the player's scripts not at all.
 */
function clusterSource(path: string): 'query and header' | 'query' | 'none' {
  if (path.startsWith('/api/auth/') || /^\/player\/[^/{]+\.js$/.test(path)) return 'none';
  return path.startsWith('/player/') ? 'query' : 'query and header';
}

function clusterParameters(path: string, schema: Record<string, unknown>) {
  const query = { name: 'cluster', in: 'query', required: false, description: 'the cluster to read (default: the default cluster)', schema };
  const header = { name: CLUSTER_HEADER, in: 'header', required: false, description: 'the cluster, when there is no ?cluster=', schema };
  return { 'query and header': [query, header], query: [query], none: [] }[clusterSource(path)];
}

export interface OpenApiOptions {
  /** The clusters this server serves (the `cluster` query parameter and header take one of them). */
  clusters: string[];
  defaultCluster?: string;
  /** Paths documented elsewhere (the demo chain's /api/demo routes). */
  extraPaths?: Record<string, unknown>;
}

/** /api/openapi.json: the OpenAPI 3.1 document of every route declared on `app` and the apps mounted on it. */
export function openApiDocument(app: OpenAPIHono<AppEnv>, { clusters, defaultCluster, extraPaths = {} }: OpenApiOptions) {
  const cluster = { type: 'string', enum: clusters, ...(defaultCluster ? { default: defaultCluster } : {}) };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    const route = definition.route;
    const request = (route.request ?? {}) as Request;
    const responses = Object.fromEntries(
      Object.entries({ ...route.responses, '4XX': json(errorBody, 'bad input or unknown id') }).map(([status, response]) => {
        const content = 'content' in response && response.content ? response.content : undefined;
        return [
          status,
          {
            description: response.description,
            ...(content && {
              content: Object.fromEntries(Object.entries(content).map(([type, media]) => [type, { ...media, schema: jsonSchema(media?.schema, 'output') }])),
            }),
          },
        ];
      }),
    );
    const body = request.body;
    paths[route.path] ??= {};
    paths[route.path][route.method] = {
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      parameters: [...parameters('path', request.params), ...parameters('query', request.query), ...clusterParameters(route.path, cluster)],
      ...(body && {
        requestBody: {
          required: true,
          content: Object.fromEntries(Object.entries(body.content).map(([type, media]) => [type, { ...media, schema: jsonSchema(media.schema, 'input') }])),
        },
      }),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Marquee API', version: '0.1.0', description: 'Generated from the routes; docs/API.md explains the ideas behind them.' },
    paths: { ...paths, ...extraPaths },
    components: {
      schemas: { Error: jsonSchema(errorBody, 'output') },
    },
  };
}
