import { areaTitle, CONSOLE_AREAS, type ConsoleAreaKey } from '@/app/staff-nav';
import { BRAND_NAME } from '@/lib/brand';

/**
 * A console page's <title>: its area's name as the sidebar table has it, then the brand. Every
 * area's page renders its title this way, so the two cannot drift apart (the console's waiting
 * count is prefixed by provider-alerts.tsx).
 */
export function AreaTitle({ area }: { area: ConsoleAreaKey }) {
  return <title>{`${areaTitle(CONSOLE_AREAS[area])} | ${BRAND_NAME}`}</title>;
}
