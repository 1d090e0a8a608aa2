import { useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';

/** GET /api/app-config: what this server offers the web app. */
export interface AppConfig {
  /** Development Bypass and Simulate Payment Complete (ruling 10: never in production). */
  devTools: boolean;
  /** 'simulator' moves no money (test cards work); otherwise a real processor. */
  paymentProvider: string;
}

export function useAppConfig() {
  return useQuery({
    queryKey: ['/api/app-config'],
    queryFn: () => getJson<AppConfig>('/api/app-config'),
  });
}

/** The development tools are shown only once the server has said it offers them. */
export const useDevToolsEnabled = () => useAppConfig().data?.devTools === true;
