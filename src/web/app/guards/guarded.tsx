import type { RouteObject } from 'react-router';
import type { AccessCheck } from './access';
import { RequireAccess } from './route-guards';

/** Routes shown only to a user the check admits (route-guards.tsx RequireAccess). */
export const guarded = (allow: AccessCheck, children: RouteObject[]): RouteObject => ({
  element: <RequireAccess allow={allow} />,
  children,
});
