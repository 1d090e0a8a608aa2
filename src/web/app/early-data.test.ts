import { describe, expect, it } from 'vitest';
import { APP_CONFIG_KEY } from '@/features/app-config/api/app-config';
import { APPLICATIONS_KEY } from '@/features/applications/api/applications';
import { feesQuery } from '@/features/fees/api/fees';
import { JOURNEY_KEY } from '@/features/patient/api/journey';
import { QUEUE_STATUS_KEY } from '@/features/queue/api/queue';
import { EVERY_PAGE_PATHS, FIRST_PAGE_DATA } from './early-data';

// boot.ts starts these GETs for the queries to take: a path that is not a query's key would be
// fetched for nothing, and the page would fetch again.
describe('the early requests', () => {
  it('are the query keys of the pages they start', () => {
    expect(FIRST_PAGE_DATA['/patient/dashboard']?.paths).toEqual([
      APPLICATIONS_KEY,
      JOURNEY_KEY,
      QUEUE_STATUS_KEY,
    ]);
    expect(FIRST_PAGE_DATA['/patient/queue']?.paths).toEqual([QUEUE_STATUS_KEY, APPLICATIONS_KEY]);
    expect(EVERY_PAGE_PATHS).toEqual([feesQuery().queryKey[0], APP_CONFIG_KEY]);
  });
});
