import { SiteLayout } from './site-layout';

/** The staff console's frame. For now the site frame; the sidebar console replaces it. */
export function StaffConsoleLayout() {
  return <SiteLayout />;
}
