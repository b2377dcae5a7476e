// 405 Method Not Allowed: a path the API knows, asked with a method it does not answer there, is
// told which methods it does (the `Allow` header, RFC 9110 §15.5.6) instead of a 404 that says the
// path does not exist.

interface RouteEntry {
  method: string;
  path: string;
}

// Compiled once per route path: every unknown path is tested against every route, and compiling
// them again for each made a 404 cost several ordinary requests.
const patterns = new Map<string, RegExp>();

/** `/api/projects/:id/status` → a regular expression matching `/api/projects/12/status`. */
function pathPattern(path: string): RegExp {
  let pattern = patterns.get(path);
  if (!pattern) {
    const source = path
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    patterns.set(path, (pattern = new RegExp(`^${source}/?$`)));
  }
  return pattern;
}

/**
 * The methods the routes answer on `path`, HEAD with GET (Hono answers it), sorted; empty for a
 * path no route names. Middleware and catch-alls (method ALL, paths ending in `*`, such as the
 * dApp's static files) name no path.
 */
export function allowedMethods(routes: RouteEntry[], path: string): string[] {
  const methods = new Set<string>();
  for (const route of routes) {
    if (route.method === 'ALL' || route.path.endsWith('*')) continue;
    if (pathPattern(route.path).test(path)) methods.add(route.method);
  }
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

