// Placeholder until the Fee Schedule screen lands (issue 12): replaced before release.
export function FeeSchedulePage() {
  return <h1 className="text-2xl font-bold text-primary">Fee Schedule</h1>;
}
