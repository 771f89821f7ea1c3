/** The income feature's public module (income records and takeouts). */
export { incomeRoutes } from './routes';
export { memberRecords, recordTypeOf, type RecordFilter } from './records';
export { exchangeRates, rateToConvertAt, setExchangeRate, type RateView } from './rates';
