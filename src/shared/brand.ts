/** The clinic's name, on every page and in every message (issue 13's mail). */
export const CLINIC_NAME = 'OKMMJ Telehealth';
