// The app's API routes as Fastify lists them, for the matrices that must cover every route.

/** The second-factor steps, the only routes besides sign-in and sign-out a pending session reaches. */
export const MFA_STEPS = [
  'POST /api/auth/mfa/setup',
  'POST /api/auth/mfa/verify',
  'POST /api/auth/mfa/challenge',
];

/** "METHOD /path" for each /api route in Fastify's route tree printout (HEAD is implied). */
export function apiRoutes(tree: string): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│\s]*)[├└]── (.*?)(?: \(([^)]*)\))?$/u.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack.push(path);
    if (!path.startsWith('/api/')) continue;
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim()))
      if (method && method !== 'HEAD' && method !== '-') routes.push(`${method} ${path}`);
  }
  return routes.sort();
}
