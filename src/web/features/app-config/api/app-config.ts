import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import { useNow } from '@/lib/use-now';
import {
  DEFAULT_CLINIC_HOURS,
  describeClinicHours,
  nextClinicOpening,
  parseClinicHours,
} from '../../../../shared/clinic-hours';
import { isLanguage } from '../../../../shared/i18n/languages';

/** GET /api/app-config: what this server offers the web app. */
export interface AppConfig {
  /** Development Bypass and Simulate Payment Complete (ruling 10: never in production). */
  devTools: boolean;
  /** 'simulator' moves no money (test cards work); otherwise a real processor. */
  paymentProvider: string;
  /** CLINIC_HOURS and CLINIC_TIMEZONE: the one source of the hours the site shows. */
  clinicHours: string;
  clinicTimeZone: string;
}

export const APP_CONFIG_KEY = '/api/app-config';

export function useAppConfig() {
  return useQuery({
    queryKey: [APP_CONFIG_KEY],
    queryFn: (context) => getJson<AppConfig>(APP_CONFIG_KEY, context),
  });
}

/** The development tools are shown only once the server has said it offers them. */
export const useDevToolsEnabled = () => useAppConfig().data?.devTools === true;

/**
 * "Mon-Fri 9AM-6PM CST" from the server's CLINIC_HOURS (the default until it answers), in the
 * active language ("lun a vie, 9 a.m. a 6 p.m. CST").
 */
export function useBusinessHours(): string {
  const data = useAppConfig().data;
  const { i18n } = useLingui();
  return describeClinicHours(
    data?.clinicHours ?? DEFAULT_CLINIC_HOURS,
    data?.clinicTimeZone ?? 'America/Chicago',
    Date.now(),
    isLanguage(i18n.locale) ? i18n.locale : 'en',
  );
}

/**
 * When the clinic next opens (ISO instant) while it is closed, else null; undefined until the
 * server's hours are known. Worked out each minute from CLINIC_HOURS, as the queue's "opens at".
 */
export function useClinicOpensAt(): { opensAt: string | null; timeZone: string } | undefined {
  const data = useAppConfig().data;
  const now = useNow(60_000);
  if (!data) return undefined;
  const hours = parseClinicHours(data.clinicHours);
  return {
    opensAt: hours ? nextClinicOpening(hours, data.clinicTimeZone, now) : null,
    timeZone: data.clinicTimeZone,
  };
}
