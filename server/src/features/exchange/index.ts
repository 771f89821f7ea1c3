/** The exchange codes feature's public module. */
export { exchangeRoutes } from './routes';
export { closeExchangeCode, createExchangeCode, exchangeCodes, exchangeProblems, hasUsedExchange, type ExchangeCodeSummary } from './service';
