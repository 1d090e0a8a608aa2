/** The clinic's name as the site, its messages and authenticator apps show it. */
export const BRAND_NAME = 'OKMMJ Telehealth';
