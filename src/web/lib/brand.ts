// Names and contacts shown across the site. The operator sets the real support contacts at
// build time (VITE_SUPPORT_EMAIL, VITE_SUPPORT_PHONE); the defaults are reserved
// example values, never a number or mailbox somebody else owns.
import { BRAND_NAME } from '../../shared/brand';

export { BRAND_NAME };
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL || 'support@okmmj.example';
export const SUPPORT_PHONE: string | undefined = import.meta.env.VITE_SUPPORT_PHONE || undefined;
