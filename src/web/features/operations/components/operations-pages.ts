// The two operations screens share their parts; they load together, on demand.
export { AutomatedOperationsPage } from './automated-operations-page';
export { ProductionOperationsPage } from './production-operations-page';
