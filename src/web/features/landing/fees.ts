// The default fee schedule (spec README ruling 4), shown on the landing page. Issue 3 moves
// the schedule to the server (GET /api/fees) so the operator can change it; these numbers
// then become the loading fallback only. Money is a dollar string with two decimals (ruling 15).
export interface FeeLine {
  stateFee: string;
  serviceFee: string;
  total: string;
}

export const DEFAULT_FEES: { standard: FeeLine; reduced: FeeLine } = {
  standard: { stateFee: '104.00', serviceFee: '33.00', total: '137.00' },
  reduced: { stateFee: '20.00', serviceFee: '10.00', total: '30.00' },
};
