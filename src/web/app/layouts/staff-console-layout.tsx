import { lazyPage } from '../lazy-page';

/**
 * The staff console's frame (issue 12): a sidebar with the areas the user may open. Loaded on
 * demand, keeping the console off the visitors' critical path.
 */
export const StaffConsoleLayout = lazyPage(
  () => import('@/features/staff-console/console-frame'),
  'ConsoleFrame',
);
