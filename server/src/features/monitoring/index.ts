/** The monitoring feature's public module: the money and queue gauges Prometheus reads (docs/operations.md). */
export { businessGauges, DAYS_WHEN_NOTHING_DUE } from './gauges';
